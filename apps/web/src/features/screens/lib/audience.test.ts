import { audienceFigures, HOURS_OF_WEEK, screenAudienceInputSchema } from '@adloop/contract/audience';
import { describe, expect, it } from 'vitest';
import {
  audienceBody,
  audienceFormSchema,
  audienceFormValues,
  audienceLevel,
  audiencePeak,
  audienceSentence,
  audienceShape,
  audienceSummary,
  formatDays,
  formatPeoplePerPlay,
} from '@/features/screens/lib/audience';

/** 168 figures: `base` everywhere, then each range (days default to every day). */
function week(base: number, ...ranges: Array<[from: number, to: number, figure: number, days?: number[]]>) {
  const figures = Array<number>(HOURS_OF_WEEK).fill(base);
  for (const [from, to, figure, days = [0, 1, 2, 3, 4, 5, 6]] of ranges) {
    for (const day of days) for (let hour = from; hour < to; hour += 1) figures[day * 24 + hour] = figure;
  }
  return figures;
}

describe('the audience estimate read as ranges', () => {
  it('is one figure for a flat week', () => {
    expect(audienceShape(week(3))).toEqual({ default_impressions_per_play: 3, hours: [] });
    expect(audienceSummary(week(3))).toEqual([{ when: 'Every hour', figure: 3 }]);
  });

  it('names the hours that differ from the usual figure, days that share a range named once', () => {
    const figures = week(2, [9, 17, 10], [18, 22, 15, [5, 6]], [0, 2, 0.5, [1, 2, 3, 4, 5]]);
    expect(audienceShape(figures)).toEqual({
      default_impressions_per_play: 2,
      hours: [
        { from_hour: 0, to_hour: 2, days_of_week: [1, 2, 3, 4, 5], impressions_per_play: 0.5 },
        { from_hour: 9, to_hour: 17, days_of_week: [], impressions_per_play: 10 },
        { from_hour: 18, to_hour: 22, days_of_week: [5, 6], impressions_per_play: 15 },
      ],
    });
    expect(audienceSummary(figures)).toEqual([
      { when: '00:00–02:00, Mon–Fri', figure: 0.5 },
      { when: '09:00–17:00, every day', figure: 10 },
      { when: '18:00–22:00, Fri, Sat', figure: 15 },
      { when: 'Every other hour', figure: 2 },
    ]);
    expect(audienceSentence(week(2, [9, 17, 10]))).toBe(
      '10 people per play 09:00–17:00, every day; 2 people per play every other hour',
    );
  });

  it('takes the commonest figure as the usual one, the lower of two as common', () => {
    // 12 hours at 5 and 12 at 1 every day: as common, so the quiet figure is the rule.
    expect(audienceShape(week(1, [8, 20, 5])).default_impressions_per_play).toBe(1);
    expect(audienceShape(week(1, [6, 22, 5]))).toEqual({
      default_impressions_per_play: 5,
      hours: [
        { from_hour: 0, to_hour: 6, days_of_week: [], impressions_per_play: 1 },
        { from_hour: 22, to_hour: 24, days_of_week: [], impressions_per_play: 1 },
      ],
    });
  });

  it('round-trips: the ranges read from 168 figures give back those figures, as ranges or, past 50, as figures', () => {
    const roundTrip = (figures: number[]) => {
      const values = audienceFormSchema.parse(
        audienceFormValues({ source: 'Door counter', impressions_per_play: figures }),
      );
      const body = screenAudienceInputSchema.parse(audienceBody(values));
      expect(audienceFigures(body)).toEqual(figures);
      return body;
    };
    const ranged = roundTrip(week(2, [9, 17, 10], [18, 22, 15, [5, 6]], [12, 14, 0, [0]]));
    // Sunday's lunch splits its 09:00–17:00 in three: 9–12, 12–14 (none), 14–17.
    expect(ranged.hours).toHaveLength(5);
    const fine = roundTrip(Array.from({ length: HOURS_OF_WEEK }, (_, index) => (index * 7) % 5));
    expect(fine.hours).toBeUndefined();
    expect(fine.impressions_per_play).toHaveLength(HOURS_OF_WEEK);
  });

  it('says days Monday first, with a dash for three or more in a row', () => {
    expect(formatDays([])).toBe('every day');
    expect(formatDays([0, 1, 2, 3, 4, 5, 6])).toBe('every day');
    expect(formatDays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(formatDays([6, 0])).toBe('Sat, Sun');
    expect(formatDays([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(formatDays([4, 5, 6, 0])).toBe('Thu–Sun');
  });

  it('gives every figure its unit', () => {
    expect(formatPeoplePerPlay(1)).toBe('1 person per play');
    expect(formatPeoplePerPlay(2.5)).toBe('2.5 people per play');
    expect(formatPeoplePerPlay(1200)).toBe('1,200 people per play');
  });

  it('shades the grid by quarters of the busiest hour', () => {
    const figures = week(2, [9, 17, 10]);
    expect(audiencePeak(figures)).toBe(10);
    expect([0, 2, 5, 10].map((figure) => audienceLevel(figure, 10))).toEqual([0, 1, 2, 4]);
    expect(audienceLevel(3, 0)).toBe(0);
  });
});

describe('the PUT body', () => {
  it('sends the source trimmed, the usual figure and each range, every day as no days named', () => {
    const values = audienceFormSchema.parse({
      source: '  Door counter, Oct 2026 ',
      default_impressions_per_play: 2,
      hours: [
        { from_hour: 9, to_hour: 17, days_of_week: [], impressions_per_play: 10 },
        { from_hour: 18, to_hour: 22, days_of_week: [6, 5, 5], impressions_per_play: 15 },
        { from_hour: 7, to_hour: 9, days_of_week: [0, 1, 2, 3, 4, 5, 6], impressions_per_play: 4 },
      ],
    });
    const body = audienceBody(values);
    expect(body).toEqual({
      source: 'Door counter, Oct 2026',
      default_impressions_per_play: 2,
      hours: [
        { from_hour: 9, to_hour: 17, impressions_per_play: 10 },
        { from_hour: 18, to_hour: 22, days_of_week: [5, 6], impressions_per_play: 15 },
        { from_hour: 7, to_hour: 9, impressions_per_play: 4 },
      ],
    });
    expect(screenAudienceInputSchema.safeParse(body).success).toBe(true);
  });

  it('starts a screen without an estimate blank, and refuses it until a source and a figure are given', () => {
    const result = audienceFormSchema.safeParse(audienceFormValues(null));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'source',
      'default_impressions_per_play',
    ]);
  });

  it('refuses a range that ends before it starts, a negative figure and one past the ceiling', () => {
    const result = audienceFormSchema.safeParse({
      source: 'Venue',
      default_impressions_per_play: -1,
      hours: [{ from_hour: 22, to_hour: 2, days_of_week: [], impressions_per_play: 200_000 }],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['default_impressions_per_play', 'Cannot be negative'],
      ['hours.0.impressions_per_play', 'At most 1,00,000 people per play'],
      ['hours.0.to_hour', 'Ends after it starts; for hours past midnight add a second range from 00:00'],
    ]);
  });
});
