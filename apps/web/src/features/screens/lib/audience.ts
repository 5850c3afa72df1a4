import {
  AUDIENCE_SOURCE_MAX,
  audienceFigures,
  MAX_IMPRESSIONS_PER_PLAY,
  type ScreenAudienceInput,
} from '@adloop/contract/audience';
import { z } from 'zod';

/**
 * A screen's audience estimate as people read and edit it (decision 085): a figure for most hours
 * and the hour ranges that differ, on the outlet's clock, rather than 168 numbers. Index of the
 * 168 = day of week (0 = Sunday) × 24 + hour.
 */

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Days read Monday first, as a week is spoken of. */
const WEEK_ORDER: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

/** The form offers this many hour ranges (an estimate set through the API may have more). */
export const MAX_FORM_RANGES = 8;
/** The most ranges the API takes in one body; finer estimates are sent as the 168 figures. */
const MAX_BODY_RANGES = 50;

/** Hours that differ from the default: [from_hour, to_hour) on the days named, none named = every day. */
export type AudienceRange = {
  from_hour: number;
  to_hour: number;
  days_of_week: number[];
  impressions_per_play: number;
};

export type AudienceShape = { default_impressions_per_play: number; hours: AudienceRange[] };

/** The figure most hours have; of two as common, the lower (the quiet hours are usually the rule). */
function commonest(figures: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const figure of figures) counts.set(figure, (counts.get(figure) ?? 0) + 1);
  let best = figures[0] ?? 0;
  for (const [figure, count] of counts) {
    const bestCount = counts.get(best) ?? 0;
    if (count > bestCount || (count === bestCount && figure < best)) best = figure;
  }
  return best;
}

/**
 * The 168 figures as a default and the ranges that differ: each day's runs of hours with one
 * figure other than the default, the same run on several days named once with those days.
 */
export function audienceShape(figures: readonly number[]): AudienceShape {
  const fallback = commonest(figures);
  const ranges = new Map<string, AudienceRange>();
  for (let day = 0; day < 7; day += 1) {
    let hour = 0;
    while (hour < 24) {
      const figure = figures[day * 24 + hour] ?? fallback;
      let end = hour + 1;
      while (end < 24 && (figures[day * 24 + end] ?? fallback) === figure) end += 1;
      if (figure !== fallback) {
        const key = `${hour} ${end} ${figure}`;
        const range = ranges.get(key) ?? {
          from_hour: hour,
          to_hour: end,
          days_of_week: [],
          impressions_per_play: figure,
        };
        range.days_of_week.push(day);
        ranges.set(key, range);
      }
      hour = end;
    }
  }
  const hours = [...ranges.values()].map((range) => ({
    ...range,
    days_of_week: range.days_of_week.length === 7 ? [] : range.days_of_week,
  }));
  const firstDay = (range: AudienceRange) => WEEK_ORDER.indexOf(range.days_of_week[0] ?? 1);
  hours.sort((a, b) => a.from_hour - b.from_hour || a.to_hour - b.to_hour || firstDay(a) - firstDay(b));
  return { default_impressions_per_play: fallback, hours };
}

/** "2", "2.5", "1,200": a figure of people per play. */
export function formatFigure(figure: number): string {
  return figure.toLocaleString('en-IN', { maximumFractionDigits: 2 });
}

/** "1 person per play", "2.5 people per play". */
export function formatPeoplePerPlay(figure: number): string {
  return `${formatFigure(figure)} ${figure === 1 ? 'person' : 'people'} per play`;
}

/** "09:00" for 9, "24:00" for the end of the day. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** "every day", "Mon–Fri", "Sat, Sun", "Mon, Wed, Fri": runs of three or more days with a dash. */
export function formatDays(days: readonly number[]): string {
  const chosen = WEEK_ORDER.filter((day) => days.includes(day));
  if (chosen.length === 0 || chosen.length === 7) return 'every day';
  const runs: number[][] = [];
  for (const day of chosen) {
    const run = runs.at(-1);
    if (run && WEEK_ORDER.indexOf(run.at(-1)!) + 1 === WEEK_ORDER.indexOf(day)) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) =>
      run.length >= 3 ? `${DAY_NAMES[run[0]!]}–${DAY_NAMES[run.at(-1)!]}` : run.map((day) => DAY_NAMES[day]).join(', '),
    )
    .join(', ');
}

/** One line of the summary: when (outlet time) and how many people see a play then. */
export type SummaryLine = { when: string; figure: number };

/** The estimate in a few lines: the ranges that differ, then the figure of every other hour. */
export function audienceSummary(figures: readonly number[]): SummaryLine[] {
  const shape = audienceShape(figures);
  const lines = shape.hours.map((range) => ({
    when: `${formatHour(range.from_hour)}–${formatHour(range.to_hour)}, ${formatDays(range.days_of_week)}`,
    figure: range.impressions_per_play,
  }));
  return [
    ...lines,
    { when: lines.length === 0 ? 'Every hour' : 'Every other hour', figure: shape.default_impressions_per_play },
  ];
}

/** The summary in one sentence: "10 people per play 09:00–17:00, every day; 2 people per play every other hour". */
export function audienceSentence(figures: readonly number[]): string {
  return audienceSummary(figures)
    .map((line) => `${formatPeoplePerPlay(line.figure)} ${line.when.charAt(0).toLowerCase()}${line.when.slice(1)}`)
    .join('; ');
}

const figureSchema = (what: string) =>
  z
    .number({ message: `Enter ${what} (people per play)` })
    .refine((value) => Number.isFinite(value), `Enter ${what} (people per play)`)
    .refine((value) => value >= 0, 'Cannot be negative')
    .refine(
      (value) => value <= MAX_IMPRESSIONS_PER_PLAY,
      `At most ${MAX_IMPRESSIONS_PER_PLAY.toLocaleString('en-IN')} people per play`,
    );

/** What the Audience card's form holds. */
export const audienceFormSchema = z.object({
  source: z
    .string()
    .trim()
    .min(1, 'Say where the estimate comes from, e.g. “Door counter, Oct 2026”')
    .max(AUDIENCE_SOURCE_MAX, `At most ${AUDIENCE_SOURCE_MAX} characters`),
  default_impressions_per_play: figureSchema('the usual figure'),
  hours: z.array(
    z
      .object({
        from_hour: z.number().int().min(0).max(23),
        to_hour: z.number().int().min(1).max(24),
        days_of_week: z.array(z.number().int().min(0).max(6)),
        impressions_per_play: figureSchema('the figure of these hours'),
      })
      .refine((range) => range.to_hour > range.from_hour, {
        path: ['to_hour'],
        message: 'Ends after it starts; for hours past midnight add a second range from 00:00',
      }),
  ),
});
export type AudienceFormInput = z.input<typeof audienceFormSchema>;
export type AudienceFormValues = z.output<typeof audienceFormSchema>;

/** The form of a screen's estimate, or of a screen without one (a source and a figure to type). */
export function audienceFormValues(
  audience: { source: string; impressions_per_play: readonly number[] } | null,
): AudienceFormInput {
  if (!audience) return { source: '', default_impressions_per_play: Number.NaN, hours: [] };
  const shape = audienceShape(audience.impressions_per_play);
  return { source: audience.source, ...shape };
}

/** A new hour range: the working day, every day, at the usual figure until typed. */
export function newAudienceRange(figure: number): AudienceRange {
  return { from_hour: 9, to_hour: 17, days_of_week: [], impressions_per_play: Number.isFinite(figure) ? figure : 0 };
}

/**
 * `PUT /api/inventory/screens/:id/audience` as a default and the hours that differ, every day sent as
 * no days named; an estimate of more ranges than the API takes goes as its 168 figures.
 */
export function audienceBody(values: AudienceFormValues): ScreenAudienceInput {
  const source = values.source.trim();
  const hours = values.hours.map((range) => {
    const days = [...new Set(range.days_of_week)].sort((a, b) => a - b);
    return {
      from_hour: range.from_hour,
      to_hour: range.to_hour,
      ...(days.length === 0 || days.length === 7 ? {} : { days_of_week: days }),
      impressions_per_play: range.impressions_per_play,
    };
  });
  const ranges = { source, default_impressions_per_play: values.default_impressions_per_play, hours };
  if (hours.length <= MAX_BODY_RANGES) return ranges;
  return { source, impressions_per_play: audienceFigures(ranges) };
}

/** The busiest figure of the week: the scale the grid is shaded against. */
export function audiencePeak(figures: readonly number[]): number {
  return figures.reduce((most, figure) => Math.max(most, figure), 0);
}

/** A grid cell's shade, 0 (nobody) to 4 (the busiest hours), by quarters of the peak. */
export function audienceLevel(figure: number, peak: number): 0 | 1 | 2 | 3 | 4 {
  if (figure <= 0 || peak <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((figure / peak) * 4))) as 1 | 2 | 3 | 4;
}
