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

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at a whole second, read through Intl, as milliseconds of a UTC date. */
function wallClockMs(second: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(second)) parts[part.type] = part.value;
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/**
 * Zones change their offset only at whole quarter hours of UTC (offsets are whole quarter hours and
 * the changes come at a whole local hour), so one offset read per quarter hour serves every play in
 * it: a batch of a hundred plays asks Intl a couple of times instead of a hundred. A quarter hour
 * whose two ends disagree is read play by play.
 */
const QUARTER_HOUR_MS = 900_000;
const quarterOffsets = new Map<string, Map<number, number | null>>();

function quarterOffsetMs(quarter: number, timeZone: string): number | null {
  let offsets = quarterOffsets.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    quarterOffsets.set(timeZone, offsets);
  }
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR_MS;
    const end = start + QUARTER_HOUR_MS - 1000;
    const atStart = wallClockMs(start, timeZone) - start;
    offset = wallClockMs(end, timeZone) - end === atStart ? atStart : null;
    if (offsets.size >= 4096) offsets.clear();
    offsets.set(quarter, offset);
  }
  return offset;
}

/**
 * The wall clock of an IANA zone at an instant, as a play's date and time are stored
 * (`2026-11-20`, `18:04:05`): the outlet's own clock, so DST and the date line are the zone's.
 */
export function outletWallClock(at: number | Date, timeZone: string): { date: string; time: string } {
  const second = Math.floor(Number(at) / 1000) * 1000;
  const offset = quarterOffsetMs(Math.floor(second / QUARTER_HOUR_MS), timeZone);
  const wall = new Date(offset === null ? wallClockMs(second, timeZone) : second + offset).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 19) };
}

/**
 * The instant a wall clock of an IANA zone names (`2026-11-20`, `12:30:00` in Asia/Kolkata →
 * 07:00 UTC). A time the zone skips (DST) lands an hour on; a repeated one takes the first.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}Z`);
  let instant = asUtc - zoneOffsetMinutes(timeZone, new Date(asUtc)) * 60_000;
  instant = asUtc - zoneOffsetMinutes(timeZone, new Date(instant)) * 60_000;
  return new Date(instant);
}
