import { z } from 'zod';
import { adScheduleInputSchema, adScheduleSchema, adTargetingInputSchema, adTargetingSchema } from './ads.ts';
import { calendarDate, listQueryBase } from './common.ts';

/**
 * Campaigns and their line items (issue 20): what an advertiser buys, as a resource. Booking,
 * availability and pacing come later; in this step a campaign is a DRAFT its company edits.
 */
export const CAMPAIGN_STATUSES = ['DRAFT', 'HELD', 'BOOKED', 'ACTIVE', 'COMPLETED', 'CANCELLED'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES, {
  message: `status must be one of ${CAMPAIGN_STATUSES.join(', ')}`,
});
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** Plays, impressions, or money in paise (BUDGET): what a line item's goal counts. */
export const GOAL_KINDS = ['PLAYS', 'IMPRESSIONS', 'BUDGET'] as const;
export const goalKindSchema = z.enum(GOAL_KINDS, { message: `goal_kind must be one of ${GOAL_KINDS.join(', ')}` });
export type GoalKind = z.infer<typeof goalKindSchema>;

export const PACINGS = ['EVEN', 'FRONTLOADED', 'ASAP'] as const;
export const pacingSchema = z.enum(PACINGS, { message: `pacing must be one of ${PACINGS.join(', ')}` });
export type Pacing = z.infer<typeof pacingSchema>;

/** Bounds the database holds too (check constraints of campaigns and line_items). */
export const CAMPAIGN_NAME_MAX = 120;
export const SPOT_SECONDS_MAX = 3600;
/** Creatives of one line item: a rotation, not a library. */
export const LINE_ITEM_ADS_MAX = 20;
/** Quantities in plays, impressions or paise stay exact in a JavaScript number. */
const QUANTITY_MAX = Number.MAX_SAFE_INTEGER;
const INT_MAX = 2_147_483_647;

const nameSchema = z
  .string({ message: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(CAMPAIGN_NAME_MAX, `name is at most ${CAMPAIGN_NAME_MAX} characters`);

const positiveQuantity = (field: string) =>
  z
    .number({ message: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be greater than 0`)
    .max(QUANTITY_MAX, `${field} is at most ${QUANTITY_MAX}`);

const positiveCount = (field: string) =>
  z
    .number({ message: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be greater than 0`)
    .max(INT_MAX, `${field} is at most ${INT_MAX}`);

/** A campaign as the dashboard sees it; money in integer paise. */
export const campaignSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  company: z.object({ name: z.string() }),
  name: z.string(),
  status: campaignStatusSchema,
  budget_cap_minor: z.number().int().nullable(),
  hold_expires_at: z.string().nullable(),
  /** A make-good (decision 086): paid by AdLoop's credit, so only a global admin may cancel it. */
  make_good: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** `POST /api/campaigns`: a draft; a global admin names the company, company staff may (their own). */
export const campaignCreateSchema = z
  .object({
    company_id: z.uuid('company_id must be a UUID').optional(),
    name: nameSchema,
    budget_cap_minor: positiveQuantity('budget_cap_minor').nullable().optional(),
  })
  .strict();
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

/** `PATCH /api/campaigns/:id`: a draft's name and budget cap; status moves by booking, later. */
export const campaignUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    budget_cap_minor: positiveQuantity('budget_cap_minor').nullable().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'nothing to update');
export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;

export const campaignListQuerySchema = z
  .object({
    ...listQueryBase,
    status: campaignStatusSchema.optional(),
    company_id: z.uuid('company_id must be a UUID').optional(),
  })
  .strict();
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

/**
 * Where and when a line item plays: the ads' targeting (decision 032) and, as `schedule`, the ads'
 * schedule object for its dayparts. The flight's starts_on/ends_on are its dates, so the
 * schedule names none; it answers with the flight's dates filled in.
 */
export const lineItemTargetingSchema = adTargetingSchema.extend({ schedule: adScheduleSchema });
export type LineItemTargeting = z.infer<typeof lineItemTargetingSchema>;

export const lineItemTargetingInputSchema = adTargetingInputSchema
  .extend({ schedule: adScheduleInputSchema.optional() })
  .superRefine((targeting, context) => {
    for (const field of ['start_date', 'end_date'] as const) {
      if (targeting.schedule?.[field] != null) {
        context.addIssue({
          code: 'custom',
          path: ['schedule', field],
          message: 'A line item plays on its flight: set starts_on and ends_on instead',
        });
      }
    }
  });
export type LineItemTargetingInput = z.infer<typeof lineItemTargetingInputSchema>;

export const lineItemSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  /** Inclusive days, read on each screen's outlet clock, as ad schedules are. */
  starts_on: z.string(),
  ends_on: z.string(),
  goal_kind: goalKindSchema,
  /** Plays, impressions, or paise for a BUDGET goal. */
  goal_quantity: z.number().int(),
  pacing: pacingSchema,
  /** Plays a day at most, over all screens. */
  daily_cap: z.number().int().nullable(),
  max_plays_per_screen_hour: z.number().int().nullable(),
  guaranteed: z.boolean(),
  spot_seconds: z.number().int(),
  targeting: lineItemTargetingSchema,
  ad_ids: z.array(z.string()),
  quoted_price_minor: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

const lineItemFields = {
  name: nameSchema,
  starts_on: calendarDate('starts_on'),
  ends_on: calendarDate('ends_on'),
  goal_kind: goalKindSchema,
  goal_quantity: positiveQuantity('goal_quantity'),
  pacing: pacingSchema,
  daily_cap: positiveCount('daily_cap').nullable().optional(),
  max_plays_per_screen_hour: positiveCount('max_plays_per_screen_hour').nullable().optional(),
  guaranteed: z.boolean({ message: 'guaranteed must be true or false' }).optional(),
  spot_seconds: z
    .number({ message: 'spot_seconds must be a whole number' })
    .int('spot_seconds must be a whole number')
    .min(1, `spot_seconds is 1-${SPOT_SECONDS_MAX}`)
    .max(SPOT_SECONDS_MAX, `spot_seconds is 1-${SPOT_SECONDS_MAX}`)
    .optional(),
  targeting: lineItemTargetingInputSchema.optional(),
  ad_ids: z
    .array(z.uuid('Each of ad_ids must be a UUID'))
    .min(1, 'ad_ids needs at least one approved ad')
    .max(LINE_ITEM_ADS_MAX, `ad_ids names at most ${LINE_ITEM_ADS_MAX} ads`),
};

/** `POST /api/campaigns/:id/line-items`: a flight of the draft campaign. */
export const lineItemCreateSchema = z
  .object(lineItemFields)
  .strict()
  .superRefine((body, context) => {
    if (body.ends_on < body.starts_on) {
      context.addIssue({ code: 'custom', path: ['ends_on'], message: 'ends_on is before starts_on' });
    }
  });
export type LineItemCreate = z.infer<typeof lineItemCreateSchema>;

/** `PATCH /api/campaigns/:id/line-items/:lineItemId`: fields sent replace the stored ones whole. */
export const lineItemUpdateSchema = z
  .object({
    name: lineItemFields.name.optional(),
    starts_on: lineItemFields.starts_on.optional(),
    ends_on: lineItemFields.ends_on.optional(),
    goal_kind: lineItemFields.goal_kind.optional(),
    goal_quantity: lineItemFields.goal_quantity.optional(),
    pacing: lineItemFields.pacing.optional(),
    daily_cap: lineItemFields.daily_cap,
    max_plays_per_screen_hour: lineItemFields.max_plays_per_screen_hour,
    guaranteed: lineItemFields.guaranteed,
    spot_seconds: lineItemFields.spot_seconds,
    targeting: lineItemFields.targeting,
    ad_ids: lineItemFields.ad_ids.optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'nothing to update');
export type LineItemUpdate = z.infer<typeof lineItemUpdateSchema>;

export const lineItemParamsSchema = z.object({
  id: z.uuid('id must be a UUID'),
  lineItemId: z.uuid('lineItemId must be a UUID'),
});
