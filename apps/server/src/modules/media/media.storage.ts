import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, stat, writeFile } from 'node:fs/promises';
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

/**
 * Files a finished upload (written to a temporary path while hashing) under its content-hash
 * name. A file already stored under that name is kept; the caller removes the temporary file.
 */
export async function adoptMediaFile(mediaDir: string, tempPath: string, name: string): Promise<void> {
  const target = path.join(mediaDir, name);
  // link() and an exclusive copy both refuse to replace: the first writer of a hash wins.
  await link(tempPath, target).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return;
    await copyFile(tempPath, target, constants.COPYFILE_EXCL).catch(ignoreExists);
  });
}
