import { z } from 'zod';
import { listQueryBase } from './common.ts';
import { TAKEOVER_KINDS } from './constants.ts';
import { screenAdSchema } from './screen.ts';

/** An urgent message fits a screen read across a room: about two tweets' worth, no more (decision 035). */
export const TAKEOVER_MESSAGE_MAX = 280;
/** Line breaks the writer chose are kept on screen; more than a few would shrink the text below reading size. */
export const TAKEOVER_MESSAGE_MAX_LINES = 6;
/** One takeover reaches at most this many screens; a bigger network sends several. */
export const TAKEOVER_MAX_SCREENS = 500;
/** An end time is at most a week ahead: a takeover is an emergency, not a campaign. */
export const TAKEOVER_MAX_HOURS = 7 * 24;

export const takeoverKindSchema = z.enum(TAKEOVER_KINDS);
export const TAKEOVER_STATUSES = ['ACTIVE', 'ENDED', 'EXPIRED'] as const;
export const takeoverStatusSchema = z.enum(TAKEOVER_STATUSES);
export type TakeoverStatus = z.infer<typeof takeoverStatusSchema>;

/** `POST /api/takeovers`: what to show and where; ends_at (optional) ends it by itself. */
export const takeoverStartSchema = z
  .object({
    kind: takeoverKindSchema,
    message: z
      .string()
      .trim()
      .min(1, 'Write the message to show')
      .max(TAKEOVER_MESSAGE_MAX, `The message is at most ${TAKEOVER_MESSAGE_MAX} characters`)
      .refine(
        (message) => message.split('\n').length <= TAKEOVER_MESSAGE_MAX_LINES,
        `The message is at most ${TAKEOVER_MESSAGE_MAX_LINES} lines`,
      )
      .optional(),
    ad_id: z.uuid('ad_id must be a UUID').optional(),
    screen_ids: z
      .array(z.uuid('Each screen id must be a UUID'))
      .min(1, 'Choose at least one screen')
      .max(TAKEOVER_MAX_SCREENS, `A takeover reaches at most ${TAKEOVER_MAX_SCREENS} screens`),
    ends_at: z.iso.datetime({ offset: true, message: 'ends_at must be an ISO 8601 timestamp' }).nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.kind === 'MESSAGE' && body.message === undefined) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'A message takeover needs a message' });
    }
    if (body.kind === 'MESSAGE' && body.ad_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['ad_id'], message: 'A message takeover shows no ad; leave ad_id out' });
    }
    if (body.kind === 'AD' && body.ad_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ad_id'], message: 'An ad takeover needs ad_id' });
    }
    if (body.kind === 'AD' && body.message !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'An ad takeover shows the ad only; leave message out',
      });
    }
    const seen = new Set<string>();
    body.screen_ids.forEach((id, index) => {
      const key = id.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['screen_ids', index], message: `Screen ${id} is listed twice` });
      }
      seen.add(key);
    });
  });
export type TakeoverStart = z.infer<typeof takeoverStartSchema>;

export const takeoverListQuerySchema = z
  .object({
    ...listQueryBase,
    status: z.enum(['active', 'all'], { message: 'status must be active or all' }).default('all'),
  })
  .strict();
export type TakeoverListQuery = z.infer<typeof takeoverListQuerySchema>;

export const takeoverScreenSchema = z.object({
  id: z.string(),
  screen_code: z.string(),
  name: z.string(),
  is_online: z.boolean(),
  outlet: z.object({ id: z.string(), name: z.string(), outlet_code: z.string() }),
});
export type TakeoverScreen = z.infer<typeof takeoverScreenSchema>;

/** A takeover as the dashboard shows it. `screens` lists only the caller's screens; `screen_count` all of them. */
export const takeoverSchema = z.object({
  id: z.string(),
  kind: takeoverKindSchema,
  message: z.string().nullable(),
  ad: z
    .object({
      id: z.string(),
      title: z.string(),
      type: z.enum(['IMAGE', 'VIDEO']),
      media_url: z.string(),
      status: z.string(),
      company: z.object({ name: z.string() }),
    })
    .nullable(),
  screens: z.array(takeoverScreenSchema),
  screen_count: z.number().int(),
  started_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  started_at: z.string(),
  ends_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  ended_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: takeoverStatusSchema,
  /** Whether the caller may end it: a global admin always, an outlet admin when every screen is theirs. */
  can_end: z.boolean(),
});
export type Takeover = z.infer<typeof takeoverSchema>;

/** What a screen needs to show its takeover (`GET /api/screen-auth/takeover`), or null. */
export const screenTakeoverSchema = z.object({
  id: z.string(),
  kind: takeoverKindSchema,
  message: z.string().nullable(),
  ad: screenAdSchema.omit({ schedule: true }).nullable(),
  started_at: z.string(),
  ends_at: z.string().nullable(),
});
export type ScreenTakeover = z.infer<typeof screenTakeoverSchema>;
