import { z } from 'zod';

/**
 * Quoting, holding and booking a campaign (decision 084, issue 20 points 3, 7 and 8). A quote plans
 * each line item's goal over the screen-hours still available and prices them by the rate card;
 * hold and book write the guaranteed line items' plans as reservations.
 */

/** How long a hold keeps its inventory before it counts as a draft again. */
export const HOLD_HOURS = 24;

/** One screen-hour of a plan: local date and hour of the screen's outlet, its plays and their price. */
export const plannedHourSchema = z.object({
  screen_id: z.string(),
  date: z.string(),
  hour: z.number().int(),
  plays: z.number().int(),
  price_minor: z.number().int(),
});
export type PlannedHour = z.infer<typeof plannedHourSchema>;

export const lineItemQuoteSchema = z.object({
  line_item_id: z.string(),
  name: z.string(),
  guaranteed: z.boolean(),
  /** The goal in plays: a PLAYS goal itself, a BUDGET or IMPRESSIONS goal converted through the hours' prices or audiences. */
  goal_plays: z.number().int(),
  planned_plays: z.number().int(),
  /** Plays of the goal that no available screen-hour, cap or day could take. */
  shortfall_plays: z.number().int(),
  price_minor: z.number().int(),
  /** Σ planned plays × the screens' impressions per play in those hours (0 where none is estimated). */
  impressions: z.number().int(),
  /** Price per 1,000 planned impressions, in paise; null when the plan reaches no estimated audience. */
  effective_cpm_minor: z.number().int().nullable(),
  hours: z.array(plannedHourSchema),
});
export type LineItemQuote = z.infer<typeof lineItemQuoteSchema>;

/** `POST /api/campaigns/:id/quote`: writes nothing. */
export const campaignQuoteSchema = z.object({
  campaign_id: z.string(),
  currency: z.literal('INR'),
  line_items: z.array(lineItemQuoteSchema),
  total_minor: z.number().int(),
  /** Whether every line item's goal fits what is available. */
  fits: z.boolean(),
});
export type CampaignQuote = z.infer<typeof campaignQuoteSchema>;
