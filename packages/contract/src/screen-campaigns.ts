import { z } from 'zod';
import { adTypeSchema } from './ads.ts';
import { listQueryBase } from './common.ts';

/**
 * Campaigns on screens (decision 087, issue 20 point 7): what an outlet's staff see of the
 * campaigns booked to play on their screens — who advertises, the flights and their dayparts on
 * the outlet's clock, the creatives, and the plays booked, planned and delivered on their screens
 * only. No money at all: no budget, price, quote, spend, balance or CPM, and no goal (the whole
 * network's figure, in paise for a budget goal).
 */

/** A campaign shows on the screens it reaches once booked: never a draft or a hold of the sales pipeline. */
export const SCREEN_CAMPAIGN_STATUSES = ['BOOKED', 'ACTIVE', 'COMPLETED'] as const;
export const screenCampaignStatusSchema = z.enum(SCREEN_CAMPAIGN_STATUSES, {
  message: `status must be one of ${SCREEN_CAMPAIGN_STATUSES.join(', ')}`,
});
export type ScreenCampaignStatus = z.infer<typeof screenCampaignStatusSchema>;

/** Plays on the caller's screens: booked (reserved at booking), planned (handed to the screens so far), delivered (stored proof of play). */
const playsShape = {
  booked_plays: z.number().int(),
  planned_plays: z.number().int(),
  delivered_plays: z.number().int(),
};
export const screenPlaysSchema = z.object(playsShape);
export type ScreenPlays = z.infer<typeof screenPlaysSchema>;

export const screenCampaignScreenSchema = z.object({
  screen_id: z.string(),
  screen_code: z.string(),
  name: z.string(),
  outlet_id: z.string(),
  ...playsShape,
});
export type ScreenCampaignScreen = z.infer<typeof screenCampaignScreenSchema>;

export const screenCampaignCreativeSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: adTypeSchema,
  media_url: z.string(),
  duration_seconds: z.number().int().nullable(),
});
export type ScreenCampaignCreative = z.infer<typeof screenCampaignCreativeSchema>;

export const screenCampaignLineItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Whole days on each screen's outlet clock. */
  starts_on: z.string(),
  ends_on: z.string(),
  /** When in the day it may play, on the outlet's clock: days of the week (0 = Sunday; none = every day) and hours. */
  dayparts: z.object({
    days_of_week: z.array(z.number().int()),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
  }),
  spot_seconds: z.number().int(),
  creatives: z.array(screenCampaignCreativeSchema),
  /** The caller's screens it reaches, each with its share. */
  screens: z.array(screenCampaignScreenSchema),
  ...playsShape,
});
export type ScreenCampaignLineItem = z.infer<typeof screenCampaignLineItemSchema>;

export const screenCampaignOutletSchema = z.object({ id: z.string(), name: z.string(), timezone: z.string() });
export type ScreenCampaignOutlet = z.infer<typeof screenCampaignOutletSchema>;

export const screenCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: screenCampaignStatusSchema,
  advertiser: z.object({ name: z.string() }),
  /** The first and last day of its flights that reach the caller's screens, on their outlets' clocks. */
  starts_on: z.string(),
  ends_on: z.string(),
  /** The caller's outlets it reaches, with the zone their dates and dayparts are read in. */
  outlets: z.array(screenCampaignOutletSchema),
  /** Only the flights that reach the caller's screens. */
  line_items: z.array(screenCampaignLineItemSchema),
  totals: screenPlaysSchema,
});
export type ScreenCampaign = z.infer<typeof screenCampaignSchema>;

export const screenCampaignListQuerySchema = z
  .object({
    ...listQueryBase,
    status: screenCampaignStatusSchema.optional(),
    outlet_id: z.uuid('outlet_id must be a UUID').optional(),
  })
  .strict();
export type ScreenCampaignListQuery = z.infer<typeof screenCampaignListQuerySchema>;
