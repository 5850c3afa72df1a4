import { createHash } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Stores bytes under their SHA-256 name, so the same file is kept once however often it
 * arrives, and a stored file never changes (it is served with immutable cache headers).
 */
export async function storeMedia(mediaDir: string, bytes: Buffer, extension: string): Promise<string> {
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
  const target = path.join(mediaDir, name);
  await mkdir(mediaDir, { recursive: true });
  const exists = await stat(target).then(
    () => true,
    () => false,
  );
  if (!exists) await writeFile(target, bytes, { flag: 'wx' }).catch(ignoreExists);
  return `/media/${name}`;
}

function ignoreExists(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}
