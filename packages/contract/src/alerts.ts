import { z } from 'zod';

/**
 * Offline went dark, reminder still dark after an hour, back online heard again (decision 052);
 * under-delivery: a line item's forecast can no longer reach its goal (decision 084).
 */
export const ALERT_KINDS = ['OFFLINE', 'REMINDER', 'BACK_ONLINE', 'UNDER_DELIVERY'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What an UNDER_DELIVERY alert says of its line item, quantities in the goal's unit (plays, impressions or paise). */
export const underDeliveryDetailsSchema = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  line_item_id: z.string(),
  line_item_name: z.string(),
  company_name: z.string(),
  goal_kind: z.enum(['PLAYS', 'IMPRESSIONS', 'BUDGET']),
  goal_quantity: z.number().int(),
  delivered_quantity: z.number().int(),
  forecast_quantity: z.number().int(),
  /** The flight's last local date. */
  ends_on: z.string(),
});
export type UnderDeliveryDetails = z.infer<typeof underDeliveryDetailsSchema>;

/**
 * One alert, as listed and as posted to webhooks. `scope` OUTLET names several screens of the
 * outlet that went dark (or came back) together; LINE_ITEM a campaign's line item that can no
 * longer reach its goal. Times are UTC; `timezone` is the outlet's.
 */
export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  scope: z.enum(['SCREEN', 'OUTLET', 'LINE_ITEM']),
  /** Null for a campaign's alert, which concerns no one outlet. */
  outlet_id: z.string().nullable(),
  outlet_name: z.string().nullable(),
  timezone: z.string().nullable(),
  screens: z.array(z.object({ id: z.string(), screen_code: z.string(), name: z.string() })),
  /** The last heartbeat before the screens went dark. */
  started_at: z.string(),
  /** On OFFLINE, when its screens were all heard again (null while any is dark); on BACK_ONLINE, when they were. */
  resolved_at: z.string().nullable(),
  /** On BACK_ONLINE: seconds dark (the longest, for an outlet alert). */
  downtime_seconds: z.number().int().nullable(),
  raised_at: z.string(),
  /** On UNDER_DELIVERY: the line item, and its goal, delivery and forecast. */
  campaign: underDeliveryDetailsSchema.nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListQuerySchema = z
  .object({
    outlet_id: z.uuid().optional(),
    kind: z.enum(ALERT_KINDS).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

export const alertListResponseSchema = z.object({
  data: z.array(alertSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
