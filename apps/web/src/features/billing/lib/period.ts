import { format, parseISO } from 'date-fns';

/** "1 – 31 May 2026" for a payout's inclusive period. */
export function formatPeriod(start: string, end: string): string {
  const from = parseISO(start);
  const to = parseISO(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${start} – ${end}`;
  if (start === end) return format(from, 'd MMM yyyy');
  const sameYear = from.getFullYear() === to.getFullYear();
  const sameMonth = sameYear && from.getMonth() === to.getMonth();
  return `${format(from, sameMonth ? 'd' : sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(to, 'd MMM yyyy')}`;
}
