/**
 * Which ads a screen plays, and when (decision 032). Pure functions without zod, shared by the
 * server (targeting, in SQL and here) and the player (schedules, on a timer).
 *
 * Targeting: a kind left empty matches every screen; a screen must match each kind that is given
 * (AND across kinds) and any one value of it (OR within a kind). Tags match the screen's or its
 * outlet's tags; cities compare without case.
 *
 * Schedule: dates and times are the outlet's local ones. Dates are inclusive; the time window
 * ends exclusively and may cross midnight, in which case its part after midnight belongs to the
 * day it started (a Friday 22:00-02:00 window plays until 02:00 on Saturday).
 */

export interface AdTargeting {
  tags: string[];
  outlet_ids: string[];
  pincodes: string[];
  cities: string[];
}

export interface AdSchedule {
  /** YYYY-MM-DD, inclusive, outlet-local; null = open. */
  start_date: string | null;
  end_date: string | null;
  /** 0 = Sunday … 6 = Saturday; empty = every day. */
  days_of_week: number[];
  /** HH:MM, outlet-local; both null = all day; end exclusive. */
  start_time: string | null;
  end_time: string | null;
  /** Higher plays first. */
  priority: number;
  /** 1-100: how many turns in a hundred the ad takes (decision 032). */
  share_of_voice: number;
}

/** Where a screen is, as targeting sees it. */
export interface ScreenPlace {
  tags: string[];
  outlet_id: string;
  outlet_tags: string[];
  pincode: string | null;
  city: string | null;
  timezone: string;
}

export const NO_TARGETING: AdTargeting = { tags: [], outlet_ids: [], pincodes: [], cities: [] };
export const ALWAYS: AdSchedule = {
  start_date: null,
  end_date: null,
  days_of_week: [],
  start_time: null,
  end_time: null,
  priority: 0,
  share_of_voice: 100,
};

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A kind matches when it is empty or shares a value with what the screen has. */
function kindMatches(wanted: string[], has: string[]): boolean {
  return wanted.length === 0 || wanted.some((value) => has.includes(value));
}

export function matchesTargeting(targeting: AdTargeting, screen: ScreenPlace): boolean {
  const city = screen.city?.trim().toLowerCase();
  return (
    kindMatches(targeting.tags, [...screen.tags, ...screen.outlet_tags]) &&
    kindMatches(targeting.outlet_ids, [screen.outlet_id]) &&
    kindMatches(targeting.pincodes, screen.pincode ? [screen.pincode] : []) &&
    kindMatches(
      targeting.cities.map((value) => value.trim().toLowerCase()),
      city ? [city] : [],
    )
  );
}

export interface LocalClock {
  /** YYYY-MM-DD */
  date: string;
  /** 0 = Sunday */
  day: number;
  /** minutes since local midnight */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: timezone });
    } catch {
      // An unknown zone (never stored: outlets validate it) reads as UTC rather than failing.
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall clock of a time zone at an instant, through Intl, so DST is the zone's own. */
export function localClock(now: Date, timezone: string): LocalClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timezone).formatToParts(now)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, day: dayOf(date), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

function dayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function dayBefore(date: string): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() - 1);
  return instant.toISOString().slice(0, 10);
}

export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function dayMatches(schedule: AdSchedule, date: string): boolean {
  if (schedule.start_date !== null && date < schedule.start_date) return false;
  if (schedule.end_date !== null && date > schedule.end_date) return false;
  return schedule.days_of_week.length === 0 || schedule.days_of_week.includes(dayOf(date));
}

/** Whether the schedule is open at `now` on the wall clock of `timezone`. */
export function isInSchedule(schedule: AdSchedule, timezone: string, now: Date): boolean {
  const clock = localClock(now, timezone);
  const start = schedule.start_time === null ? 0 : minutesOf(schedule.start_time);
  const end = schedule.end_time === null ? 24 * 60 : minutesOf(schedule.end_time);
  if (start === end) return dayMatches(schedule, clock.date);
  if (start < end) return clock.minutes >= start && clock.minutes < end && dayMatches(schedule, clock.date);
  // Crossing midnight: the evening part is today's, the small hours belong to yesterday.
  if (clock.minutes >= start) return dayMatches(schedule, clock.date);
  if (clock.minutes < end) return dayMatches(schedule, dayBefore(clock.date));
  return false;
}

export function isEligible(
  ad: { targeting: AdTargeting; schedule: AdSchedule },
  screen: ScreenPlace,
  now: Date,
): boolean {
  return matchesTargeting(ad.targeting, screen) && isInSchedule(ad.schedule, screen.timezone, now);
}
