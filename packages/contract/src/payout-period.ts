import { localClock } from './targeting.ts';

/**
 * When a payout period may end (decision 050), zod-free like `targeting.ts` so the payout form
 * caps its date picker by the rule the server refuses with.
 */

/** The calendar day (YYYY-MM-DD) in a time zone at an instant. */
export function dayInZone(timeZone: string, instant: Date): string {
  return localClock(instant, timeZone).date;
}

function dayBefore(day: string): string {
  const instant = new Date(`${day}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() - 1);
  return instant.toISOString().slice(0, 10);
}

/**
 * The last day a payout period may end on: the day before the outlet's today in its own time
 * zone. Today's plays are still coming in, and a period is paid only once, so a period that
 * included today would leave the rest of the day's plays unpaid for ever.
 */
export function lastPayableDay(timeZone: string, now: Date = new Date()): string {
  return dayBefore(dayInZone(timeZone, now));
}

/** Why a period that reaches the outlet's today is refused, in the words the form and the API use. */
export function periodReachesTodayMessage(timeZone: string): string {
  return `A payout period must end before today in the outlet's time zone (${timeZone}): plays later today are not in it yet`;
}
