import { z } from 'zod';
import { campaignStatusSchema, goalKindSchema, pacingSchema } from './campaigns.ts';
import { lineItemSettlementSchema } from './make-goods.ts';

/**
 * What a campaign delivered against what was booked (decision 084, issue 20 point 6): counted from
 * stored proof of play, each play in the screen-hour it happened on its outlet's clock, so a late
 * or resent batch moves nothing twice. Money in integer paise; dates are each screen's local dates.
 */

/** Delivery may pass the goal by at most this share: a screen plays on its plan while offline. */
export const DELIVERY_OVERSHOOT = 0.05;
/** How many hours ahead a screen's plan reaches: longer than most outages. */
export const PLAN_HORIZON_HOURS = 6;

export const deliveryDaySchema = z.object({
  /** A local date of the screens' outlets. */
  date: z.string(),
  /** Plays the booking planned on that date. */
  booked_plays: z.number().int(),
  delivered_plays: z.number().int(),
  /** Null until the screens have an audience estimate (impressions per play by hour of the week). */
  delivered_impressions: z.number().int().nullable(),
  spend_minor: z.number().int(),
});
export type DeliveryDay = z.infer<typeof deliveryDaySchema>;

export const lineItemDeliverySchema = z.object({
  line_item_id: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  goal_kind: goalKindSchema,
  /** Plays, impressions, or paise for a BUDGET goal. */
  goal_quantity: z.number().int(),
  pacing: pacingSchema,
  guaranteed: z.boolean(),
  /** Plays the booking planned over the whole flight. */
  booked_plays: z.number().int(),
  delivered_plays: z.number().int(),
  /** Audience of the delivered plays: Σ plays × the screen's impressions per play in that hour; null without an estimate. */
  delivered_impressions: z.number().int().nullable(),
  spend_minor: z.number().int(),
  /** Delivered in the goal's unit (plays, impressions or paise). */
  delivered_quantity: z.number().int(),
  /** Share of the booked plan whose time has passed, 0–1 (an hour under way for the part of it gone): the flight's time, weighted as it was planned. */
  elapsed_share: z.number(),
  /** Share of the goal delivered, 0–1 (may pass 1 by at most 5 %). */
  delivered_share: z.number(),
  /** delivered_share ÷ elapsed_share: 1 is on pace, below 1 behind; null before the flight begins. */
  progress: z.number().nullable(),
  /** Delivered plus what the hours left can still hold at most, in the goal's unit. */
  forecast_quantity: z.number().int(),
  /** True when the forecast no longer reaches the goal. */
  at_risk: z.boolean(),
  /** Goal less delivered once the flight has ended (0 when met), in the goal's unit; null before. */
  shortfall_quantity: z.number().int().nullable(),
  /** Plays handed to screens in plans for hours not yet over. */
  planned_ahead_plays: z.number().int(),
  days: z.array(deliveryDaySchema),
  /** What its shortfall is owed and how it was settled: a make-good or a credit (decision 086). */
  settlement: lineItemSettlementSchema,
});
export type LineItemDelivery = z.infer<typeof lineItemDeliverySchema>;

/** `GET /api/campaigns/:id/delivery`. */
export const campaignDeliverySchema = z.object({
  campaign_id: z.string(),
  status: campaignStatusSchema,
  currency: z.literal('INR'),
  /** When the figures were read (UTC); plays a screen has not yet sent are not in them. */
  as_of: z.string(),
  line_items: z.array(lineItemDeliverySchema),
  totals: z.object({
    booked_plays: z.number().int(),
    delivered_plays: z.number().int(),
    delivered_impressions: z.number().int().nullable(),
    spend_minor: z.number().int(),
  }),
});
export type CampaignDelivery = z.infer<typeof campaignDeliverySchema>;
