import {
  differenceInCalendarDays,
  endOfDay,
  endOfMonth,
  format,
  isValid,
  parseISO,
  startOfDay,
  startOfMonth,
  subDays,
  subMonths,
} from 'date-fns';

/** A span of whole days, both ends included, as `YYYY-MM-DD` in the viewer's calendar. */
export type DateRange = { from: string; to: string };

export const DATE_FORMAT = 'yyyy-MM-dd';

export const RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

const day = (date: Date) => format(date, DATE_FORMAT);

export function presetRange(preset: RangePreset, now = new Date()): DateRange {
  switch (preset) {
    case 'today':
      return { from: day(now), to: day(now) };
    case 'last-7-days':
      return { from: day(subDays(now, 6)), to: day(now) };
    case 'last-30-days':
      return { from: day(subDays(now, 29)), to: day(now) };
    case 'this-month':
      return { from: day(startOfMonth(now)), to: day(now) };
    case 'last-month': {
      const previous = subMonths(now, 1);
      return { from: day(startOfMonth(previous)), to: day(endOfMonth(previous)) };
    }
  }
}

export function presetOf(range: DateRange, now = new Date()): RangePreset | undefined {
  return RANGE_PRESETS.find(({ id }) => {
    const candidate = presetRange(id, now);
    return candidate.from === range.from && candidate.to === range.to;
  })?.id;
}

export function parseDay(value: string | undefined | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

export function isRange(range: Partial<DateRange>): range is DateRange {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  return from !== null && to !== null && from <= to;
}

/** "Last 7 days", or "3 – 9 Jun 2026" for a span no preset names. */
export function describeRange(range: DateRange, now = new Date()): string {
  const preset = presetOf(range, now);
  if (preset) return RANGE_PRESETS.find(({ id }) => id === preset)?.label ?? preset;
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (!from || !to) return `${range.from} – ${range.to}`;
  if (range.from === range.to) return format(from, 'd MMM yyyy');
  const sameYear = from.getFullYear() === to.getFullYear();
  const sameMonth = sameYear && from.getMonth() === to.getMonth();
  return `${format(from, sameMonth ? 'd' : sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(to, 'd MMM yyyy')}`;
}

export function daysIn(range: DateRange): number {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  return from && to ? differenceInCalendarDays(to, from) + 1 : 0;
}

/** The range as the instants an API over timestamps takes: the first and last moment of its days, locally. */
export function rangeToInstants(range: DateRange): { from: string; to: string } {
  const from = parseDay(range.from) ?? new Date();
  const to = parseDay(range.to) ?? new Date();
  return { from: startOfDay(from).toISOString(), to: endOfDay(to).toISOString() };
}
