import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** JWT_SECRET when given; otherwise a secret generated once and kept in DATA_DIR (docs/design.md §4). */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  const stored = await readFile(file, 'utf8').catch(() => null);
  if (stored && stored.trim().length >= 32) return new TextEncoder().encode(stored.trim());
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return new TextEncoder().encode(secret);
}
