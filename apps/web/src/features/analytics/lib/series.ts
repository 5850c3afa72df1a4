import { addDays, format, parseISO } from 'date-fns';

export type DayFigures = { date: string; plays: number; impressions: number };

/** Every day of the range with its plays and impressions, zero where the server has no row, so the chart's axis is even. */
export function fillDays(series: ReadonlyArray<DayFigures>, from: string, to: string): DayFigures[] {
  const byDate = new Map(series.map((point) => [point.date, point]));
  const days: DayFigures[] = [];
  const last = parseISO(to);
  for (let day = parseISO(from); day <= last && days.length < 400; day = addDays(day, 1)) {
    const date = format(day, 'yyyy-MM-dd');
    days.push({ date, plays: byDate.get(date)?.plays ?? 0, impressions: byDate.get(date)?.impressions ?? 0 });
  }
  return days;
}
