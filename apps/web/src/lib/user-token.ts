import { STORAGE_KEYS } from '@adloop/contract/constants';
import { deleteCookie, writeCookie } from '@/lib/cookies';

/**
 * The staff token lives in localStorage and, mirrored, in a cookie of the same name (spec §9), which
 * lasts as long as the token, is cleared with it and is never read by the server (decision 078).
 */

export function readUserToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.userToken);
}

export function storeUserToken(token: string, expiresAt: string) {
  localStorage.setItem(STORAGE_KEYS.userToken, token);
  const secondsLeft = (Date.parse(expiresAt) - Date.now()) / 1000;
  writeCookie(STORAGE_KEYS.userToken, token, Number.isFinite(secondsLeft) ? secondsLeft : 0);
}

export function clearUserToken() {
  localStorage.removeItem(STORAGE_KEYS.userToken);
  deleteCookie(STORAGE_KEYS.userToken);
}
