import { localClock } from '@adloop/contract/targeting';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
/** Hours of a week, Sunday 00:00 first: the buckets a screen's time on air is learnt in. */
export const HOURS_OF_WEEK = 168;

/** One local hour of a zone as instants, and its hour of the week (0 = Sunday 00:00–01:00). */
export interface HourWindow {
  from: number;
  to: number;
  hourOfWeek: number;
}

/** How far the zone's wall clock runs ahead of UTC at an instant, through the contract's clock (DST its own). */
function offsetMs(at: number, timezone: string): number {
  const clock = localClock(new Date(at), timezone);
  return Date.parse(`${clock.date}T00:00:00Z`) + clock.minutes * MINUTE_MS - Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/**
 * The local hours of a zone between two instants, the first and last cut to them. A DST change
 * falls on a local hour's edge, so a skipped hour is absent and a repeated one comes twice.
 */
export function hourWindows(timezone: string, from: number, to: number): HourWindow[] {
  const windows: HourWindow[] = [];
  let cursor = from;
  while (cursor < to) {
    const offset = offsetMs(cursor, timezone);
    const local = cursor + offset;
    const hourStart = local - (((local % HOUR_MS) + HOUR_MS) % HOUR_MS);
    const next = hourStart + HOUR_MS - offset;
    const wall = new Date(hourStart);
    windows.push({ from: cursor, to: Math.min(next, to), hourOfWeek: wall.getUTCDay() * 24 + wall.getUTCHours() });
    cursor = next;
  }
  return windows;
}
