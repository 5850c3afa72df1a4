import { z } from 'zod';
import { SCREEN_COMMANDS } from './screen-commands.ts';

/** `POST /api/ad-screens/:id/screenshot-requests`: the screen was asked; its answer is newer than `requested_at`. */
export const screenshotRequestSchema = z.object({
  request_id: z.uuid(),
  requested_at: z.string(),
});
export type ScreenshotRequest = z.infer<typeof screenshotRequestSchema>;

/** The latest screenshot a screen sent: when, and what it was showing (an ad, a takeover, or both). */
export const screenshotSchema = z.object({
  request_id: z.uuid(),
  taken_at: z.string(),
  size_bytes: z.number().int(),
  ad_id: z.uuid().nullable(),
  ad_title: z.string().nullable(),
  takeover_id: z.uuid().nullable(),
});
export type Screenshot = z.infer<typeof screenshotSchema>;

/** `GET /api/ad-screens/:id/screenshot`: the latest screenshot (or null) and the latest request. */
export const screenshotStateSchema = z.object({
  screenshot: screenshotSchema.nullable(),
  requested_at: z.string().nullable(),
});
export type ScreenshotState = z.infer<typeof screenshotStateSchema>;

/** `POST /api/screen-auth/screenshots?…`: the body is the JPEG; the query says what it answers and shows. */
export const screenshotUploadQuerySchema = z
  .object({
    request_id: z.uuid('request_id must be the id of the screenshot-requested event'),
    ad_id: z.uuid('ad_id must be a UUID').optional(),
    ad_title: z.string().trim().max(200, 'ad_title is at most 200 characters').optional(),
    takeover_id: z.uuid('takeover_id must be a UUID').optional(),
  })
  .strict();

export const screenCommandBodySchema = z
  .object({ command: z.enum(SCREEN_COMMANDS, { message: `command must be one of ${SCREEN_COMMANDS.join(', ')}` }) })
  .strict();

export const screenCommandSentSchema = z.object({ command: z.enum(SCREEN_COMMANDS), sent_at: z.string() });
