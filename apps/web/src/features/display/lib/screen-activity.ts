import { STORAGE_KEYS } from '@adloop/contract/constants';
import type { ScreenActivityBody, ScreenSession } from '@adloop/contract/screen';
import { localDate, localTime } from '@/features/display/lib/local-time';
import { ApiError } from '@/lib/http';

/** What the screen reports of itself (spec §3 screen activity), stamped with the moment it happened. */
export function createActivityBody(session: ScreenSession, at: Date): ScreenActivityBody {
  return {
    screen_id: session.screen_id,
    outlet_id: session.outlet.id,
    activity_date: localDate(at),
    activity_time: localTime(at),
    occurred_at: at.toISOString(),
    additional_info: {
      screen_code: session.screen_code,
      outlet_code: session.outlet.outlet_code,
      outlet_name: session.outlet.name,
    },
  };
}

function isActivityBody(value: unknown): value is ScreenActivityBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.screen_id === 'string' &&
    typeof body.outlet_id === 'string' &&
    typeof body.activity_date === 'string' &&
    typeof body.activity_time === 'string'
  );
}

/**
 * Offline records saved at page hide and not yet sent (spec §4), oldest first. Kept as a list
 * so that a record still waiting for its retry is not overwritten by the next one; a single
 * record, as an older player may have stored it, reads as a list of one.
 */
export function parsePendingOfflineRecords(raw: string | null): ScreenActivityBody[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return (Array.isArray(value) ? value : [value]).filter(isActivityBody);
  } catch {
    return [];
  }
}

/** At most this many records wait: a screen switched on and off a thousand times offline needs no more. */
export const MAX_PENDING_OFFLINE_RECORDS = 50;

export function readPendingOfflineRecords(): ScreenActivityBody[] {
  return parsePendingOfflineRecords(localStorage.getItem(STORAGE_KEYS.pendingOfflineLogs));
}

export function writePendingOfflineRecords(records: readonly ScreenActivityBody[]) {
  if (records.length === 0) localStorage.removeItem(STORAGE_KEYS.pendingOfflineLogs);
  else
    localStorage.setItem(STORAGE_KEYS.pendingOfflineLogs, JSON.stringify(records.slice(-MAX_PENDING_OFFLINE_RECORDS)));
}

export function savePendingOfflineRecord(record: ScreenActivityBody) {
  writePendingOfflineRecords([...readPendingOfflineRecords(), record]);
}

/**
 * Sends the saved offline records oldest first; each leaves storage once the server took it, and
 * one it refuses (another screen's, malformed) is dropped, as it would be refused for ever. A
 * server asking to wait (Retry-After on a 429 or 503) ends the round: that record and the rest
 * stay saved. Answers that wait in ms, or null when none was asked for.
 */
export async function sendPendingOfflineRecords(
  post: (record: ScreenActivityBody) => Promise<unknown>,
): Promise<number | null> {
  const pending = readPendingOfflineRecords();
  if (pending.length === 0) return null;
  const done = new Set<string>();
  let retryAfterMs: number | null = null;
  for (const record of pending) {
    try {
      await post(record);
      done.add(JSON.stringify(record));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 403)) {
        console.error('Dropping an offline record the server refused', record, error);
        done.add(JSON.stringify(record));
      } else if (error instanceof ApiError && error.retryAfterMs !== null) {
        retryAfterMs = error.retryAfterMs;
        break;
      } else console.warn('Sending an offline record failed; kept for the next start', error);
    }
  }
  // Records saved while these were sent (another tab closing) are kept too.
  writePendingOfflineRecords(readPendingOfflineRecords().filter((record) => !done.has(JSON.stringify(record))));
  return retryAfterMs;
}
