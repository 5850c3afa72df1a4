import { MAX_INTEGRATION_TOKEN_DAYS } from '@adloop/contract/integration-tokens';

/** How long a new token works: until revoked, a number of days from now, or to the end of a chosen day. */
export type ExpiryChoice = 'never' | '30' | '90' | '365' | 'date';

export const EXPIRY_CHOICES: ReadonlyArray<{ value: ExpiryChoice; label: string }> = [
  { value: 'never', label: 'Never (until revoked)' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year (365 days)' },
  { value: 'date', label: 'On a date…' },
];

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a day on the reader's clock, as a date input reads and writes it. */
function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The days a date input offers: from tomorrow to the furthest expiry the server takes. */
export function expiryDayBounds(now = new Date()): { min: string; max: string } {
  return {
    min: dayOf(new Date(now.getTime() + DAY_MS)),
    max: dayOf(new Date(now.getTime() + (MAX_INTEGRATION_TOKEN_DAYS - 1) * DAY_MS)),
  };
}

/**
 * The instant a token stops working, as the API takes it: null for never, undefined when a date
 * is to be chosen and is not (or is not a day). A chosen day ends at 23:59:59 on the reader's clock.
 */
export function expiresAtOf(choice: ExpiryChoice, day: string, now = new Date()): string | null | undefined {
  if (choice === 'never') return null;
  if (choice === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
    const end = new Date(`${day}T23:59:59`);
    return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
  }
  return new Date(now.getTime() + Number(choice) * DAY_MS).toISOString();
}
