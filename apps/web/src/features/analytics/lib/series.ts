import { addDays, format, parseISO } from 'date-fns';

/** Every day of the range with its plays, zero where the server has no row, so the chart's axis is even. */
export function fillDays(
  series: ReadonlyArray<{ date: string; plays: number }>,
  from: string,
  to: string,
): Array<{ date: string; plays: number }> {
  const byDate = new Map(series.map((point) => [point.date, point.plays]));
  const days: Array<{ date: string; plays: number }> = [];
  const last = parseISO(to);
  for (let day = parseISO(from); day <= last && days.length < 400; day = addDays(day, 1)) {
    const date = format(day, 'yyyy-MM-dd');
    days.push({ date, plays: byDate.get(date) ?? 0 });
  }
  return days;
}
