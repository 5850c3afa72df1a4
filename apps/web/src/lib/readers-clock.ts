import { TIME_ZONE_ALIASES } from '@adloop/contract/time-zones';

/**
 * Instants on the reader's own clock, with its zone said ("25 Nov 2026, 14:30 IST"): a time a
 * person reads always names its zone, so a card scheduled from Dubai is not misread in Pune.
 */
/** A date and a 24-hour time with the zone's short name: "25 Nov 2026, 14:30 IST". */
export const DATE_TIME_WITH_ZONE: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};

let clock: Intl.DateTimeFormat | undefined;
let zone: Intl.DateTimeFormat | undefined;

export function onReadersClock(iso: string): string {
  clock ??= new Intl.DateTimeFormat('en-IN', DATE_TIME_WITH_ZONE);
  return clock.format(new Date(iso));
}

/** The reader's zone as a label: "Asia/Kolkata, IST". */
export function readersZone(at = new Date()): string {
  zone ??= new Intl.DateTimeFormat('en-IN', { timeZoneName: 'short' });
  // Chromium reports India's zone by its old name, Asia/Calcutta: shown by the name outlets use.
  const reported = zone.resolvedOptions().timeZone;
  const name = TIME_ZONE_ALIASES[reported] ?? reported;
  const short = zone.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== name ? `${name}, ${short}` : name;
}
