import { z } from 'zod';
import { signInAlertSchema } from './auth.ts';
import { codeSchema, listQueryBase, optionalText, tagsSchema } from './common.ts';

/** A display screen as the dashboard sees it, base path /api/ad-screens. */
export const screenSchema = z.object({
  id: z.string(),
  screen_code: z.string(),
  name: z.string(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  tags: z.array(z.string()),
  outlet: z.object({ id: z.string(), name: z.string(), outlet_code: z.string() }),
  /** Online means a heartbeat or online post within the last 150 s (2.5 heartbeats). */
  is_online: z.boolean(),
  last_seen_at: z.string().nullable(),
  /** New networks must wait before trying this code again (decision 040); the screen keeps playing. */
  locked: z.boolean(),
  sign_in_alert: signInAlertSchema.nullable(),
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
