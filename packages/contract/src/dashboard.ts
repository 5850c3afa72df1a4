import { z } from 'zod';
import { SCREEN_STATE_CHANGE_KINDS } from './reports.ts';
import { offlineCountsSchema, offlineScreenSchema } from './screen-connection.ts';

/** GET /api/dashboard/summary: what each role needs first, already scoped to the caller. */
export const dashboardSummarySchema = z.object({
  counts: z.object({
    ads: z.number().int().nullable(),
    /** The review queue's length: new ads and edits of live ads waiting (decision 091). */
    ads_pending_review: z.number().int().nullable(),
    screens: z.number().int().nullable(),
    screens_online: z.number().int().nullable(),
    outlets: z.number().int().nullable(),
    companies: z.number().int().nullable(),
    users: z.number().int().nullable(),
    plays_today: z.number().int().nullable(),
  }),
  /** The first of the bell's offline screens (decision 092): the most recently heard first, with their alert's threshold. */
  offline_screens: z.array(offlineScreenSchema),
  /** The bell's counts of offline screens; null for roles without screens. */
  offline_counts: offlineCountsSchema.nullable(),
  /** The review queue's oldest (decision 091): new ads sent for review and edits of live ads, with their variants. */
  pending_ads: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      company_name: z.string(),
      kind: z.enum(['NEW_AD', 'EDIT']),
      waiting_since: z.string(),
    }),
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
