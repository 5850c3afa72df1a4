import { format, isValid } from 'date-fns';

/** An instant as a `datetime-local` field shows it, in the viewer's zone. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return isValid(date) ? format(date, "yyyy-MM-dd'T'HH:mm") : '';
}

/** What a `datetime-local` field holds, as an ISO 8601 instant; undefined while it is blank or half typed. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return isValid(date) ? date.toISOString() : undefined;
}
