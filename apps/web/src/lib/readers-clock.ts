/**
 * Instants on the reader's own clock, with its zone said ("25 Nov 2026, 14:30 IST"): a time a
 * person reads always names its zone, so a card scheduled from Dubai is not misread in Pune.
 */
let clock: Intl.DateTimeFormat | undefined;
let zone: Intl.DateTimeFormat | undefined;

export function onReadersClock(iso: string): string {
  clock ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  return clock.format(new Date(iso));
}

/** The reader's zone as a label: "Asia/Kolkata, IST". */
export function readersZone(at = new Date()): string {
  zone ??= new Intl.DateTimeFormat('en-IN', { timeZoneName: 'short' });
  const name = zone.resolvedOptions().timeZone;
  const short = zone.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== name ? `${name}, ${short}` : name;
}
