import { randomInt } from 'node:crypto';
import { hash, type Options, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2, an ambient const enum that isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id with OWASP's minimum: 19 MiB, 2 iterations, parallelism 1 (docs/design.md §4a). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id's lowest cost (8 KiB, 1 iteration): the API tests hash thousands of secrets, none worth guarding. */
const TEST_ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let hashOptions: Options = ARGON2_OPTIONS;
let dummyHash: Promise<string> | undefined;

/**
 * For the API tests' setup file only: new hashes at the lowest cost. A hash carries its own cost,
 * so verifying is unchanged; no setting or environment variable can lower production's.
 */
export function useTestHashCost(): void {
  hashOptions = TEST_ARGON2_OPTIONS;
  dummyHash = undefined;
}

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, hashOptions);
}

/** Verifies a secret; with no stored hash it still spends the same work, so timing reveals nothing. */
export async function verifySecret(storedHash: string | null | undefined, secret: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashSecret('timing-equaliser-not-a-real-password');
    await verify(await dummyHash, secret).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}

/** No 0/O, 1/l/I: a temporary password is read off a screen and typed by hand. */
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random 12-character temporary password (about 70 bits), shown once to whoever onboards the user. */
export function generateTemporaryPassword(length = 12): string {
  let password = '';
  for (let i = 0; i < length; i += 1) password += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
  return password;
}
