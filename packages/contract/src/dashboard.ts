import { z } from 'zod';
import { SCREEN_STATE_CHANGE_KINDS } from './reports.ts';

/** GET /api/dashboard/summary: what each role needs first, already scoped to the caller. */
export const dashboardSummarySchema = z.object({
  counts: z.object({
    ads: z.number().int().nullable(),
    ads_pending_review: z.number().int().nullable(),
    screens: z.number().int().nullable(),
    screens_online: z.number().int().nullable(),
    outlets: z.number().int().nullable(),
    companies: z.number().int().nullable(),
    users: z.number().int().nullable(),
    plays_today: z.number().int().nullable(),
  }),
  offline_screens: z.array(
    z.object({ id: z.string(), screen_code: z.string(), outlet_name: z.string(), last_seen_at: z.string().nullable() }),
  ),
  pending_ads: z.array(
    z.object({ id: z.string(), title: z.string(), company_name: z.string(), updated_at: z.string() }),
  ),
  /** The latest state changes of the caller's screens (decision 048), not their heartbeats. */
  recent_activity: z.array(
    z.object({
      kind: z.enum(SCREEN_STATE_CHANGE_KINDS),
      screen_id: z.string(),
      screen_code: z.string(),
      outlet_name: z.string(),
      occurred_at: z.string(),
    }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
