import { z } from 'zod';

/** Offline went dark, reminder still dark after an hour, back online heard again (decision 052). */
export const ALERT_KINDS = ['OFFLINE', 'REMINDER', 'BACK_ONLINE'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * One alert, as listed and as posted to webhooks. `scope` OUTLET names several screens of the
 * outlet that went dark (or came back) together. Times are UTC; `timezone` is the outlet's.
 */
export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  scope: z.enum(['SCREEN', 'OUTLET']),
  outlet_id: z.string(),
  outlet_name: z.string(),
  timezone: z.string(),
  screens: z.array(z.object({ id: z.string(), screen_code: z.string(), name: z.string() })),
  /** The last heartbeat before the screens went dark. */
  started_at: z.string(),
  /** On OFFLINE, when its screens were all heard again (null while any is dark); on BACK_ONLINE, when they were. */
  resolved_at: z.string().nullable(),
  /** On BACK_ONLINE: seconds dark (the longest, for an outlet alert). */
  downtime_seconds: z.number().int().nullable(),
  raised_at: z.string(),
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
