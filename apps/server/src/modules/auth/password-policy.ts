import { readFileSync } from 'node:fs';
import { NEW_PASSWORD_MIN_LENGTH } from '@adloop/contract/auth';
import { fieldError } from '../../lib/http-error.ts';

let common: Set<string> | undefined;

/**
 * The 10,000 most common passwords of 8+ characters, lower-cased, most common first: the frequency
 * list of zxcvbn (Dropbox, MIT) as @zxcvbn-ts/language-common 4.1.3 ships it.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

/** Why a new staff password is refused (NIST 800-63B, decision 040), or null when it is fine. */
export function newPasswordProblem(password: string, email: string): string | null {
  if (password.length < NEW_PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`;
  }
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower) || /^(.)\1*$/su.test(password)) {
    return 'This password is too common; choose another';
  }
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split('@')[0]) return 'Password must not be your email address';
  return null;
}

/** A 400 naming `field` when the new password breaks the rule. */
export function assertNewPassword(password: string, email: string, field = 'new_password'): void {
  const problem = newPasswordProblem(password, email);
  if (problem) throw fieldError(field, problem);
}
