import { z } from 'zod';
import type { OutletTier } from './constants.ts';
import { DEFAULT_CURRENCY } from './formats.ts';
import {
  MAX_DAYPARTS,
  MAX_MULTIPLIER_BPS,
  MAX_RATE_MINOR,
  MIN_MULTIPLIER_BPS,
  RATE_CARD_STATUSES,
} from './rate-card-rules.ts';
import { TIME_PATTERN } from './targeting.ts';

/**
 * The rate card's schemas. Its rules (prices, the card in force) live in rate-card-rules.ts,
 * without zod, so the public pricing page can price a play without loading the schemas.
 */
export * from './rate-card-rules.ts';

const tierRecord = <T extends z.ZodType>(value: T) =>
  z.object({ STANDARD: value, PREMIUM: value, FLAGSHIP: value } satisfies Record<OutletTier, T>);

export const daypartSchema = z.object({
  id: z.string(),
  name: z.string(),
  days_of_week: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  multiplier_bps: z.number().int(),
});

export const rateCardSchema = z.object({
  id: z.string(),
  effective_from: z.string(),
  currency: z.string(),
  note: z.string(),
  tiers: tierRecord(z.number().int()),
  dayparts: z.array(daypartSchema),
  created_at: z.string(),
  status: z.enum(RATE_CARD_STATUSES),
  in_force: z.boolean(),
});
export type RateCard = z.infer<typeof rateCardSchema>;

const rateMinorSchema = z
  .number('Rate must be a number of paise')
  .int('Rate must be whole paise')
  .min(1, 'Rate must be at least 1 paisa')
  .max(MAX_RATE_MINOR, `Rate is at most ${MAX_RATE_MINOR} paise (₹${MAX_RATE_MINOR / 100}) a play`);

const timeSchema = z.string().regex(TIME_PATTERN, 'Time must be HH:MM (24-hour)');

export const daypartCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the daypart').max(60, 'Name is at most 60 characters'),
    days_of_week: z
      .array(
        z.number().int().min(0, 'Days are 0 (Sunday) to 6 (Saturday)').max(6, 'Days are 0 (Sunday) to 6 (Saturday)'),
      )
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Each day at most once')
      .default([]),
    start_time: timeSchema,
    end_time: timeSchema,
    multiplier_bps: z
      .number('Multiplier must be a number of basis points')
      .int('Multiplier must be whole basis points')
      .min(MIN_MULTIPLIER_BPS, 'Multiplier is at least ×0.10 (1,000 bps)')
      .max(MAX_MULTIPLIER_BPS, 'Multiplier is at most ×10 (100,000 bps)'),
  })
  .strict()
  .refine((value) => value.start_time !== value.end_time, {
    message: 'The window must end at another time than it starts',
    path: ['end_time'],
  });
export type DaypartCreate = z.infer<typeof daypartCreateSchema>;

export const rateCardCreateSchema = z
  .object({
    /** Omitted: as soon as allowed (now + the lead time). */
    effective_from: z.iso
      .datetime({
        offset: true,
        message: 'The start must be a date and time with its offset, e.g. 2026-12-01T09:00:00+05:30',
      })
      .optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO code')
      .default(DEFAULT_CURRENCY),
    note: z.string().trim().max(200, 'Note is at most 200 characters').default(''),
    tiers: tierRecord(rateMinorSchema).strict(),
    dayparts: z.array(daypartCreateSchema).max(MAX_DAYPARTS, `At most ${MAX_DAYPARTS} dayparts`).default([]),
  })
  .strict()
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.dayparts.forEach((daypart, index) => {
      const key = daypart.name.toLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          message: 'Each daypart needs its own name',
          path: ['dayparts', index, 'name'],
        });
      }
      seen.add(key);
    });
  });
export type RateCardCreate = z.input<typeof rateCardCreateSchema>;

export const currentRateCardSchema = z.object({
  data: z.object({ current: rateCardSchema.nullable(), next: rateCardSchema.nullable(), now: z.string() }),
});
export type CurrentRateCard = z.infer<typeof currentRateCardSchema>['data'];
