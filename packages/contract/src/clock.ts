/**
 * Times as people and spreadsheets read them: every wall-clock time carries its offset from UTC,
 * so a reader never has to guess the zone (`2026-11-20T18:04:05+05:30`, "UTC+05:30").
 */

/** `+05:30`, `-03:00`, `+00:00` for an offset in minutes east of UTC. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** `UTC+05:30`: the offset as a label beside a time. */
export function offsetLabel(minutes: number): string {
  return `UTC${offsetText(minutes)}`;
}

/**
 * The offset of a screen's own clock at one play: its reported wall clock (`2026-11-20`,
 * `18:04:05`) less the play's instant, to the minute (a clock a few seconds off is still in
 * its zone). Null when the two cannot be read.
 */
export function wallClockOffsetMinutes(date: string, time: string, instant: string): number | null {
  const wall = Date.parse(`${date}T${time}Z`);
  const at = Date.parse(instant);
  if (Number.isNaN(wall) || Number.isNaN(at)) return null;
  return Math.round((wall - at) / 60_000);
}

/** `2026-11-20T18:04:05+05:30`: a wall clock with its offset, or without one when none is known. */
export function isoWithOffset(date: string, time: string, offsetMinutes: number | null): string {
  return `${date}T${time}${offsetMinutes === null ? '' : offsetText(offsetMinutes)}`;
}

const zoneOffsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset of an IANA zone at an instant, in minutes east of UTC (330 for Asia/Kolkata). */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  let format = zoneOffsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    zoneOffsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Minutes since local midnight of an instant in an IANA zone (14:30 in that zone → 870). */
export function minutesIntoDay(at: number | Date, timeZone: string): number {
  const [hour = 0, minute = 0] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':')
    .map(Number);
  return hour * 60 + minute;
}
