import { DATE_TIME_WITH_ZONE } from '@/lib/readers-clock';

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    try {
      clock = new Intl.DateTimeFormat('en-IN', { timeZone, weekday: 'short', ...DATE_TIME_WITH_ZONE });
    } catch {
      // An unknown zone name still shows a time, said to be UTC.
      return clockOf('UTC');
    }
    clocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * An instant on an outlet's clock, with the zone said: "Wed 25 Nov 2026, 14:30 IST". A screen's
 * comings and goings are read against the outlet's opening hours, not the reader's own zone.
 */
export function onOutletClock(instant: string, timeZone: string): string {
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/** The zone's short name at an instant ("IST", "GMT-5"), for labels that only need the zone. */
export function zoneName(timeZone: string, instant: Date = new Date()): string {
  return (
    clockOf(timeZone)
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** How long a screen was offline, in the two largest units that matter: "45 s", "30 min", "2 h 5 min", "3 d 4 h". */
export function formatDowntime(seconds: number): string {
  // A reload closes and starts the display within the same second.
  if (seconds < 1) return 'a moment';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}
