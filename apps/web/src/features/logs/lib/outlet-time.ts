import { format, parseISO } from 'date-fns';

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The short name of a time zone at an instant, e.g. "IST" or "GMT+4", as people read it on a receipt. */
export function zoneAbbreviation(timeZone: string, instant: string): string {
  try {
    let formatter = zoneNames.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' });
      zoneNames.set(timeZone, formatter);
    }
    return formatter.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** `2026-11-20 18:04:05` (already in the outlet's zone) → { date: "20 Nov 2026", time: "18:04:05" }. */
export function splitLocal(local: string): { date: string; time: string } {
  const [day = '', time = ''] = local.split(' ');
  const parsed = parseISO(day);
  return { date: Number.isNaN(parsed.getTime()) ? day : format(parsed, 'd MMM yyyy'), time };
}
