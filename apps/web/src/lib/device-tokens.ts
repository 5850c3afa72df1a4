/**
 * Device tokens (decision 076): the server hands one to a browser at each sign-in, bound to that
 * screen code or account; sent back with the next sign-in of it, the attempt is judged by this
 * browser's own failures, so nobody guessing elsewhere can keep it out. localStorage only: the
 * spec names no cookie for them (decision 078), and they are no session.
 */

export type DeviceTokenKind = 'screen' | 'staff';

const STORAGE_KEY: Record<DeviceTokenKind, string> = {
  screen: 'screen-device-tokens',
  staff: 'user-device-tokens',
};

/** A kiosk or a shared desk may sign several screens or accounts in; the oldest beyond this are dropped. */
const KEPT_PER_KIND = 20;

/** Screen codes are case-insensitive on the server, emails too. */
const subjectKey = (subject: string) => subject.trim().toLowerCase();

type Entry = [subject: string, token: string];

function isEntry(value: unknown): value is Entry {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string';
}

/** Oldest first, as `[subject, token]` pairs (an object would order codes of digits alone first). */
function readAll(kind: DeviceTokenKind): Entry[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY[kind]) ?? '[]');
    return Array.isArray(value) ? value.filter(isEntry) : [];
  } catch {
    return [];
  }
}

export function readDeviceToken(kind: DeviceTokenKind, subject: string): string | undefined {
  const key = subjectKey(subject);
  return readAll(kind).find(([stored]) => stored === key)?.[1];
}

/** Keeps the token the server just handed over, newest last; nothing when it sent none. */
export function storeDeviceToken(kind: DeviceTokenKind, subject: string, token: string | undefined) {
  if (!token) return;
  const key = subjectKey(subject);
  const others = readAll(kind).filter(([stored]) => stored !== key);
  const entries: Entry[] = [...others.slice(-(KEPT_PER_KIND - 1)), [key, token]];
  try {
    localStorage.setItem(STORAGE_KEY[kind], JSON.stringify(entries));
  } catch (error) {
    // A full or blocked storage costs only the faster lane next time.
    console.warn('Could not keep the device token', error);
  }
}
