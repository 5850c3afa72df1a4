import { z } from 'zod';
import { signInAlertSchema } from './auth.ts';
import { codeSchema, listQueryBase, optionalText, tagsSchema } from './common.ts';

export const PLAYER_HEALTH_WARNING_KINDS = ['QUEUE_GROWING', 'CLOCK_OFF', 'CACHE_NEARLY_FULL'] as const;

/** The latest health a screen's player reported (decision 060); null fields it did not report. */
export const screenHealthSchema = z.object({
  app_version: z.string().nullable(),
  cache_bytes: z.number().nullable(),
  quota_bytes: z.number().nullable(),
  queued_plays: z.number().int().nullable(),
  /** Queued plays at the report before this one, to tell a growing queue from a steady one. */
  previous_queued_plays: z.number().int().nullable(),
  /** The screen's clock minus the server's when the report arrived; null when it sent no time. */
  clock_skew_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** When the server received the report. */
  reported_at: z.string(),
  warnings: z.array(z.enum(PLAYER_HEALTH_WARNING_KINDS)),
});
export type ScreenHealth = z.infer<typeof screenHealthSchema>;

/** A display screen as the dashboard sees it, base path /api/ad-screens. */
export const screenSchema = z.object({
  id: z.string(),
  screen_code: z.string(),
  name: z.string(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  tags: z.array(z.string()),
  outlet: z.object({ id: z.string(), name: z.string(), outlet_code: z.string() }),
  /** Online means a heartbeat or online post within the last 150 s (2.5 heartbeats); decision 092. */
  is_online: z.boolean(),
  last_seen_at: z.string().nullable(),
  /** Minutes of silence after which this screen, offline, raises its alert: its outlet's threshold (decision 092). */
  alert_after_minutes: z.number().int(),
  /** While offline: when its outage's alert was raised; null before (and while online). */
  offline_alerted_at: z.string().nullable(),
  /** New networks must wait before trying this code again (decision 040); the screen keeps playing. */
  locked: z.boolean(),
  sign_in_alert: signInAlertSchema.nullable(),
  /** Only on the read of one screen: its player's latest health report, null before the first. */
  health: screenHealthSchema.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Screen = z.infer<typeof screenSchema>;

export const SCREEN_ONLINE_WINDOW_SECONDS = 150;

export const screenCreateSchema = z
  .object({
    outlet_id: z.uuid('Choose an outlet'),
    screen_code: codeSchema('Screen code'),
    name: optionalText(120).default(''),
    tags: tagsSchema.optional(),
  })
  .strict();
export type ScreenCreate = z.infer<typeof screenCreateSchema>;

export const screenUpdateSchema = z
  .object({
    name: optionalText(120).optional(),
    tags: tagsSchema.optional(),
    status: z.enum(['ACTIVE', 'DISABLED']).optional(),
    outlet_id: z.uuid('Choose an outlet').optional(),
  })
  .strict();
export type ScreenUpdate = z.infer<typeof screenUpdateSchema>;

/** Creating a screen or resetting its passcode answers the 6-digit passcode once. */
export const screenWithPasscodeSchema = z.object({ screen: screenSchema, passcode: z.string() });

export const screenListQuerySchema = z
  .object({
    ...listQueryBase,
    outlet_id: z.uuid().optional(),
    status: z.enum(['ACTIVE', 'DISABLED']).optional(),
    online: z.enum(['true', 'false']).optional(),
    tag: z.string().trim().max(32).optional(),
  })
  .strict();
