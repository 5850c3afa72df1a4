import { z } from 'zod';

/**
 * A screen's audience estimate (issue 20 point 5, decision 085): how many people see one play, for
 * each hour of the week on its outlet's clock, and where the figure comes from. An impressions
 * goal converts through it, and delivered impressions are Σ plays × the figure of the hour played.
 */

/** Hours of a week: index = day of week (0 = Sunday) × 24 + hour (0–23), on the outlet's clock. */
export const HOURS_OF_WEEK = 168;
/** No single play is seen by more people than this: a stadium screen, not a typo. */
export const MAX_IMPRESSIONS_PER_PLAY = 100_000;
export const AUDIENCE_SOURCE_MAX = 200;

export const hourOfWeek = (date: string, hour: number) => new Date(`${date}T00:00:00Z`).getUTCDay() * 24 + hour;

export const screenAudienceSchema = z.object({
  screen_id: z.string(),
  /** Where the estimate comes from, e.g. "Door counter, Oct 2026" or "Venue's own estimate". */
  source: z.string(),
  impressions_per_play: z.array(z.number()).length(HOURS_OF_WEEK),
  updated_at: z.string(),
});
export type ScreenAudience = z.infer<typeof screenAudienceSchema>;

const figure = z
  .number({ message: 'each of impressions_per_play must be a number' })
  .min(0, 'impressions_per_play cannot be negative')
  .max(MAX_IMPRESSIONS_PER_PLAY, `impressions_per_play is at most ${MAX_IMPRESSIONS_PER_PLAY} a play`);

/**
 * `PUT /api/inventory/screens/:id/audience`: the 168 figures, or a default with the hours that
 * differ (`hours`, on the outlet's clock, every day unless `days_of_week` names some).
 */
export const screenAudienceInputSchema = z
  .object({
    source: z
      .string({ message: 'source is required: say where the estimate comes from' })
      .trim()
      .min(1, 'source is required: say where the estimate comes from')
      .max(AUDIENCE_SOURCE_MAX, `source is at most ${AUDIENCE_SOURCE_MAX} characters`),
    impressions_per_play: z
      .array(figure)
      .length(HOURS_OF_WEEK, `impressions_per_play has one figure for each of the ${HOURS_OF_WEEK} hours of the week`)
      .optional(),
    default_impressions_per_play: figure.optional(),
    hours: z
      .array(
        z
          .object({
            from_hour: z.number().int().min(0, 'from_hour is 0-23').max(23, 'from_hour is 0-23'),
            to_hour: z.number().int().min(1, 'to_hour is 1-24').max(24, 'to_hour is 1-24'),
            days_of_week: z.array(z.number().int().min(0).max(6)).optional(),
            impressions_per_play: figure,
          })
          .strict()
          .refine((range) => range.to_hour > range.from_hour, {
            message: 'to_hour must be after from_hour',
            path: ['to_hour'],
          }),
      )
      .max(50, 'hours names at most 50 ranges')
      .optional(),
  })
  .strict()
  .superRefine((body, context) => {
    const figures = body.impressions_per_play !== undefined;
    const ranges = body.default_impressions_per_play !== undefined || body.hours !== undefined;
    if (figures === ranges) {
      context.addIssue({
        code: 'custom',
        path: ['impressions_per_play'],
        message: 'Send either impressions_per_play (168 figures) or default_impressions_per_play with hours',
      });
    }
  });
export type ScreenAudienceInput = z.infer<typeof screenAudienceInputSchema>;

/** The 168 figures an input describes. */
export function audienceFigures(input: ScreenAudienceInput): number[] {
  if (input.impressions_per_play) return input.impressions_per_play;
  const figures = Array<number>(HOURS_OF_WEEK).fill(input.default_impressions_per_play ?? 0);
  for (const range of input.hours ?? []) {
    const days = range.days_of_week?.length ? range.days_of_week : [0, 1, 2, 3, 4, 5, 6];
    for (const day of days) {
      for (let hour = range.from_hour; hour < range.to_hour; hour += 1)
        figures[day * 24 + hour] = range.impressions_per_play;
    }
  }
  return figures;
}
