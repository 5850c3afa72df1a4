import { z } from 'zod';
import { adScheduleInputSchema, adTargetingInputSchema } from './ads.ts';
import { calendarDate } from './common.ts';

/** The longest flight availability is asked for: a quarter. */
export const MAX_FLIGHT_DAYS = 92;
/** Screens whose hour-by-hour figures one answer carries; the totals always cover every screen reached. */
export const MAX_SCREENS_PAGE_SIZE = 500;

/**
 * Where a screen's share of each hour on air comes from: its own last four weeks, its outlet's
 * other screens' (under a week of its own), or the named default (`DEFAULT_ON_AIR`).
 */
export const AVAILABILITY_BASES = ['history', 'outlet', 'default'] as const;
export type AvailabilityBasis = (typeof AVAILABILITY_BASES)[number];

/** A screen with no history to learn from is on 08:00–22:00 in its outlet's zone, 90 % of those hours. */
export const DEFAULT_ON_AIR = { from_hour: 8, to_hour: 22, fraction: 0.9 } as const;

/** POST /api/inventory/availability: a line item's targeting, dayparts, flight and spot length. */
export const availabilityQuerySchema = z
  .object({
    targeting: adTargetingInputSchema,
    /** Dayparts on each outlet's wall clock, as an ad's schedule; only hours inside it count. */
    schedule: adScheduleInputSchema.optional(),
    /** Inclusive local dates of each screen's own zone. */
    starts_on: calendarDate('starts_on'),
    ends_on: calendarDate('ends_on'),
    spot_seconds: z
      .number()
      .int('spot_seconds is a whole number')
      .min(1, 'spot_seconds is 1-3600')
      .max(3600, 'spot_seconds is 1-3600'),
    /** Which screens' hour-by-hour figures to include, by screen code (1-based). */
    screens_page: z.number().int().min(1).max(10_000).default(1),
    screens_page_size: z.number().int().min(0).max(MAX_SCREENS_PAGE_SIZE).default(100),
  })
  .strict()
  .superRefine((query, context) => {
    const days = (Date.parse(query.ends_on) - Date.parse(query.starts_on)) / 86_400_000 + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['ends_on'], message: 'ends_on is before starts_on' });
    else if (days > MAX_FLIGHT_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['ends_on'],
        message: `A flight may span at most ${MAX_FLIGHT_DAYS} days`,
      });
    }
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** Plays per local hour 0–23 of one day; null for an hour outside the dayparts. */
const hourly = z.array(z.number().int().nullable()).length(24);

const dayFigures = z.object({ date: z.string(), capacity: hourly, available: hourly });

export const screenAvailabilitySchema = z.object({
  screen_id: z.string(),
  screen_code: z.string(),
  outlet_id: z.string(),
  timezone: z.string(),
  basis: z.enum(AVAILABILITY_BASES),
  capacity: z.number().int(),
  available: z.number().int(),
  days: z.array(dayFigures),
});
export type ScreenAvailability = z.infer<typeof screenAvailabilitySchema>;

export const availabilitySchema = z.object({
  spot_seconds: z.number().int(),
  /** Every screen on air the targeting reaches, and how many learnt from each basis. */
  reach: z.object({
    screens: z.number().int(),
    outlets: z.number().int(),
    by_basis: z.object({ history: z.number().int(), outlet: z.number().int(), default: z.number().int() }),
  }),
  /** Over every screen reached: per local date and hour (the heat map), and for the whole flight. */
  totals: z.object({ capacity: z.number().int(), available: z.number().int(), days: z.array(dayFigures) }),
  /** One page of the screens reached, by screen code, hour by hour. */
  screens: z.array(screenAvailabilitySchema),
});
export type Availability = z.infer<typeof availabilitySchema>;
