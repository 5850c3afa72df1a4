import { TAKEOVER_MAX_HOURS } from '@adloop/contract/takeovers';
import { addMinutes, format, isValid } from 'date-fns';

/** How long a takeover lasts: until someone ends it, a few common spans, or a time of one's choosing. */
export const END_CHOICES = [
  { value: 'manual', label: 'Until I end it' },
  { value: '15', label: 'For 15 minutes' },
  { value: '30', label: 'For 30 minutes' },
  { value: '60', label: 'For 1 hour' },
  { value: '120', label: 'For 2 hours' },
  { value: '240', label: 'For 4 hours' },
  { value: 'custom', label: 'Until a time…' },
] as const;
export type EndChoice = (typeof END_CHOICES)[number]['value'];

/** The ends_at to send, worked out at the moment of sending; undefined when the custom time is blank or bad. */
export function endsAtOf(choice: EndChoice, customLocal: string, now = new Date()): string | null | undefined {
  if (choice === 'manual') return null;
  if (choice === 'custom') {
    const date = new Date(customLocal);
    return customLocal && isValid(date) ? date.toISOString() : undefined;
  }
  return addMinutes(now, Number(choice)).toISOString();
}

/** The bounds a `datetime-local` field offers: from now to the 7 days a takeover may last. */
export function customBounds(now = new Date()): { min: string; max: string } {
  const local = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");
  return { min: local(now), max: local(addMinutes(now, TAKEOVER_MAX_HOURS * 60)) };
}
