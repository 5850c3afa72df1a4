import { STORAGE_KEYS } from '@adloop/contract/constants';
import type { ScreenSession } from '@adloop/contract/screen';
import { deleteCookie, writeCookie } from '@/lib/cookies';

/**
 * The screen's token lives under `screen-token` in localStorage and, mirrored, in a cookie
 * (spec §9) that the server never reads (decision 078); the session it belongs to under
 * `screen-session`. The device token is kept apart, in localStorage only (decision 076). Read by
 * hand rather than with the contract's zod schema, so the player's bundle carries no zod.
 */

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isScreenSession(value: unknown): value is ScreenSession {
  if (typeof value !== 'object' || value === null) return false;
  const session = value as Record<string, unknown>;
  const outlet = session.outlet as Record<string, unknown> | null | undefined;
  return (
    isString(session.access_token) &&
    isString(session.screen_code) &&
    isString(session.screen_id) &&
    isString(session.expires_at) &&
    typeof outlet === 'object' &&
    outlet !== null &&
    isString(outlet.id) &&
    isString(outlet.name) &&
    isString(outlet.outlet_code)
  );
}

export function readScreenToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.screenToken);
}

/** The stored session, with the stored token as its access token (the token is renewed on its own). */
export function readStoredScreenSession(): ScreenSession | null {
  const token = readScreenToken();
  const raw = localStorage.getItem(STORAGE_KEYS.screenSession);
  if (!token || !raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isScreenSession(value) ? { ...value, access_token: token } : null;
  } catch {
    return null;
  }
}

export function storeScreenSession(session: ScreenSession) {
  localStorage.setItem(STORAGE_KEYS.screenToken, session.access_token);
  localStorage.setItem(STORAGE_KEYS.screenSession, JSON.stringify(session));
  const secondsLeft = (Date.parse(session.expires_at) - Date.now()) / 1000;
  writeCookie(STORAGE_KEYS.screenToken, session.access_token, Number.isFinite(secondsLeft) ? secondsLeft : 0);
}

export function clearStoredScreenSession() {
  localStorage.removeItem(STORAGE_KEYS.screenToken);
  localStorage.removeItem(STORAGE_KEYS.screenSession);
  deleteCookie(STORAGE_KEYS.screenToken);
}
