import { STORAGE_KEYS } from '@adloop/contract/constants';
import type { ScreenActivityBody, ScreenSession } from '@adloop/contract/screen';
import { localDate, localTime } from '@/features/display/lib/local-time';

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
