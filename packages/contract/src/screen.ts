import { z } from 'zod';
import { adScheduleSchema, adTypeSchema } from './ads.ts';
import { calendarDate } from './common.ts';
import { MAX_PLAYBACK_BATCH, PASSCODE_LENGTH, PLAYER_HEALTH_LIMITS } from './constants.ts';
import { PASSCODE_PATTERN } from './formats.ts';
import { screenVariantSchema } from './variants.ts';

/** Screen connect form (spec §5): messages shown by the connect page. */
export const screenConnectFormSchema = z.object({
  screenId: z.string().trim().min(1, 'Screen ID is required'),
  passcode: z
    .string()
    .trim()
    .length(PASSCODE_LENGTH, `Passcode must be ${PASSCODE_LENGTH} digits`)
    .regex(/^\d+$/, `Passcode must be ${PASSCODE_LENGTH} digits`),
});
export type ScreenConnectForm = z.infer<typeof screenConnectFormSchema>;

export const screenAuthBodySchema = z
  .object({
    screen_code: z.string().trim().min(1, 'screen_code is required').max(64),
    pass_code: z.string().trim().regex(PASSCODE_PATTERN, `pass_code must be ${PASSCODE_LENGTH} digits`),
    /**
     * The device token this browser was handed when it last signed this screen in (decision 076):
     * its attempt is then judged by its own failures only. Anything else is ignored.
     */
    device_token: z.string().max(2048).optional(),
  })
  .strict();
export type ScreenAuthBody = z.infer<typeof screenAuthBodySchema>;

export const outletRefSchema = z.object({ id: z.string(), name: z.string(), outlet_code: z.string() });
export type OutletRef = z.infer<typeof outletRefSchema>;

/** The screen auth session (spec §3): what authenticate and verify answer. */
export const screenSessionSchema = z.object({
  access_token: z.string(),
  screen_code: z.string(),
  screen_id: z.string(),
  outlet: outletRefSchema,
  expires_at: z.string(),
});
export type ScreenSession = z.infer<typeof screenSessionSchema>;

/** What authenticate answers: the session, and a device token the player keeps apart from it (decision 076). */
export const screenSignInSchema = screenSessionSchema.extend({ device_token: z.string().optional() });
export type ScreenSignIn = z.infer<typeof screenSignInSchema>;

export const screenAdPlanSchema = z.object({
  line_item_id: z.string(),
  /**
   * The line item's spot length: a play counts in the hour it ends, so the player also asks the
   * plan of the hour a play started now would end in. Absent from lists cached before it.
   */
  spot_seconds: z.number().int().positive().optional(),
  hours: z.array(z.object({ starts_at: z.string(), max_plays: z.number().int() })),
});
export type ScreenAdPlan = z.infer<typeof screenAdPlanSchema>;

/** An ad as a screen plays it (spec §3 Ad, plus its version). */
export const screenAdSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  title: z.string(),
  type: adTypeSchema,
  media_url: z.string(),
  duration_seconds: z.number().int().positive().nullable(),
  version: z.number().int(),
  company: z.object({ name: z.string() }),
  /**
   * When it plays, on the clock of `timezone` (the screen's outlet), applied by the player
   * (decision 032); absent from lists cached before it, which play always.
   */
  schedule: adScheduleSchema.extend({ timezone: z.string() }).optional(),
  /** A/B variants with weight > 0 that split the ad's turns (decision 034); absent when it has none. */
  variants: z.array(screenVariantSchema).optional(),
  /**
   * A campaign creative's plan on this screen (decision 084): at most `max_plays` plays in the hour
   * from `starts_at`, spread over it; none outside these hours. Absent for an ad outside campaigns.
   */
  plan: screenAdPlanSchema.optional(),
  /**
   * The outlet's own content (decision 090): it takes its turns only in the loop's room, the rounds
   * in which no paid ad's turn is due. Absent for a paid ad.
   */
  house_content: z.literal(true).optional(),
});
export type ScreenAd = z.infer<typeof screenAdSchema>;

const dateString = calendarDate();
const timeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'must be a 24-hour time HH:MM:SS');
const uuid = z.uuid('must be a UUID');

export const playbackInfoSchema = z
  .object({
    ad_title: z.string().max(500).optional(),
    ad_duration: z.number().nonnegative().optional(),
    ad_company_name: z.string().max(500).optional(),
    outlet_name: z.string().max(500).optional(),
    outlet_code: z.string().max(100).optional(),
    screen_code: z.string().max(100).optional(),
    ad_version: z.number().int().optional(),
  })
  .strict();

/** One play (spec §3 Playback log entry) with the player's UUID and the play's own instant. */
export const playbackLogEntrySchema = z
  .object({
    id: uuid,
    ad_id: uuid,
    screen_id: uuid,
    company_id: uuid,
    outlet_id: uuid,
    play_date: dateString,
    play_time: timeString,
    play_count: z.literal(1, 'must be 1'),
    played_at: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' }),
    /** The A/B variant shown (decision 034); absent or null when the ad has none. */
    variant_id: uuid.nullish(),
    additional_info: playbackInfoSchema.default({}),
  })
  .strict();
export type PlaybackLogEntry = z.infer<typeof playbackLogEntrySchema>;

export const playbackBatchSchema = z
  .object({
    logs: z
      .array(playbackLogEntrySchema)
      .min(1, 'logs must hold at least one play')
      .max(MAX_PLAYBACK_BATCH, `logs may hold at most ${MAX_PLAYBACK_BATCH} plays`),
    /** The screen's clock when it sent the batch: the server reads its plays on its own clock (decision 036). */
    sent_at: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' }).optional(),
  })
  .strict();
export type PlaybackBatch = z.infer<typeof playbackBatchSchema>;

/** A play the server will never store, and why (decision 036); the player drops it from its queue. */
export const refusedPlaySchema = z.object({ id: z.string(), reason: z.string() });
export type RefusedPlay = z.infer<typeof refusedPlaySchema>;

export const playbackBatchResponseSchema = z.object({
  data: z.object({
    stored: z.array(z.string()),
    duplicates: z.array(z.string()),
    refused: z.array(refusedPlaySchema),
  }),
});

/**
 * What the player says of its own health with a heartbeat (decision 060). Every field may be
 * missing: a browser that cannot tell leaves it out, and an older player sends no report at all.
 * Its clock is the heartbeat's `occurred_at`.
 */
export const playerHealthReportSchema = z
  .object({
    app_version: z.string().trim().min(1).max(PLAYER_HEALTH_LIMITS.appVersionLength).optional(),
    cache_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    quota_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    queued_plays: z.number().int().min(0).max(PLAYER_HEALTH_LIMITS.queuedPlays).optional(),
    last_error: z.string().max(PLAYER_HEALTH_LIMITS.lastErrorLength).optional(),
  })
  .strict();
export type PlayerHealthReport = z.infer<typeof playerHealthReportSchema>;

/** Screen activity (spec §3): the online post, the saved offline record, the heartbeat. */
export const screenActivityBodySchema = z
  .object({
    screen_id: uuid,
    outlet_id: uuid,
    activity_date: dateString,
    activity_time: timeString,
    occurred_at: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' }).optional(),
    additional_info: z
      .object({
        screen_code: z.string().max(100).optional(),
        outlet_code: z.string().max(100).optional(),
        outlet_name: z.string().max(500).optional(),
      })
      .strict()
      .default({}),
    health: playerHealthReportSchema.optional(),
  })
  .strict();
export type ScreenActivityBody = z.infer<typeof screenActivityBodySchema>;

// Defined with the constants, which import no zod, so the screen player can use it without zod.
export { SCREEN_EVENTS } from './constants.ts';

export const playbackLogQuerySchema = z
  .object({
    screen_id: uuid.optional(),
    ad_id: uuid.optional(),
    company_id: uuid.optional(),
    outlet_id: uuid.optional(),
    from: z.iso.datetime({ offset: true, message: 'from must be an ISO 8601 timestamp' }).optional(),
    to: z.iso.datetime({ offset: true, message: 'to must be an ISO 8601 timestamp' }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type PlaybackLogQuery = z.infer<typeof playbackLogQuerySchema>;
