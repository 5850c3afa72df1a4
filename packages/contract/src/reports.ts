import { z } from 'zod';
import { calendarDate, rangeCapIssue, rangeWithinCap } from './common.ts';

const dateString = calendarDate();

/** Filters shared by analytics: a date range (inclusive) and an optional slice. */
export const analyticsQuerySchema = z
  .object({
    from: dateString,
    to: dateString,
    company_id: z.uuid().optional(),
    outlet_id: z.uuid().optional(),
    screen_id: z.uuid().optional(),
    ad_id: z.uuid().optional(),
  })
  .strict()
  .refine((value) => value.to >= value.from, { message: 'to must be on or after from', path: ['to'] })
  .refine((value) => rangeWithinCap(value.from, value.to), rangeCapIssue('to'));
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/**
 * Impressions beside plays (decision 085): the plays × the screen's audience estimate (people who see
 * one play) for the hour of the week each was played, as estimated when the play was stored; an
 * estimate, not a count, rounded to whole impressions. 0 where no screen had an estimate.
 */
const impressions = z.number().int();

const slice = z.object({ id: z.string(), name: z.string(), plays: z.number().int(), impressions });

/**
 * Why a slice has no uptime figure (decision 092): the role reads no screen activity, the slice is
 * an ad's or a company's (uptime is the screens'), the range is over the 93 days uptime covers, or
 * no screen of the slice was switched on in the range.
 */
export const UPTIME_GAPS = [
  'NOT_YOUR_SCREENS',
  'AD_OR_COMPANY_SLICE',
  'RANGE_OVER_93_DAYS',
  'NO_SCREEN_SWITCHED_ON',
] as const;
export type UptimeGap = (typeof UPTIME_GAPS)[number];

/** GET /api/analytics/overview: plays and impressions over time and by slice, uptime, money — already scoped to the caller. */
export const analyticsOverviewSchema = z.object({
  data: z.object({
    totals: z.object({
      plays: z.number().int(),
      impressions,
      ads: z.number().int(),
      screens: z.number().int(),
      /** Of `screens`, those with an audience estimate now: 0 means impressions cannot be told here. */
      screens_with_audience: z.number().int(),
      outlets: z.number().int(),
      /** Minutes online over minutes since each screen was first switched on, on each outlet's days (decision 092). */
      uptime_pct: z.number().nullable(),
      /** The screens that uptime covers: those of the slice switched on in the range. */
      uptime_screens: z.number().int().nullable(),
      /** Why `uptime_pct` is null; null when it is not. */
      uptime_unavailable: z.enum(UPTIME_GAPS).nullable(),
    }),
    series: z.array(z.object({ date: z.string(), plays: z.number().int(), impressions })),
    by_ad: z.array(slice.extend({ company_name: z.string() })),
    by_company: z.array(slice),
    /** `has_audience`: whether a screen of the outlet that played has an audience estimate. */
    by_outlet: z.array(slice.extend({ has_audience: z.boolean() })),
    /** `audience_source`: where the screen's audience estimate comes from; null when it has none. */
    by_screen: z.array(slice.extend({ outlet_name: z.string(), audience_source: z.string().nullable() })),
    /**
     * Null for roles that may not see money. `billed_minor` is the slice's plays priced by the rate card,
     * the spend of Ad transactions (decision 092); `received_minor` the completed payments dated in the range.
     */
    revenue: z
      .object({
        currency: z.string(),
        billed_minor: z.number().int(),
        received_minor: z.number().int(),
        payouts_minor: z.number().int(),
        commission_minor: z.number().int(),
      })
      .nullable(),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>['data'];

/** A stored play as the playback log page shows it, with the play's time in the outlet's zone. */
export const playbackLogRowSchema = z.object({
  id: z.string(),
  ad_id: z.string(),
  ad_title: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  /** A play of the outlet's own content (decision 090): stored as proof of play at price 0, never billed nor paid out. */
  house_content: z.boolean(),
  screen_id: z.string(),
  screen_code: z.string(),
  outlet_id: z.string(),
  outlet_name: z.string(),
  outlet_code: z.string(),
  timezone: z.string(),
  /** The play's date and time on the outlet's clock, which bill it (decision 072). */
  play_date: z.string(),
  play_time: z.string(),
  /** The wall clock the screen itself reported for the play (its device's zone, unchecked). */
  screen_date: z.string(),
  screen_time: z.string(),
  play_count: z.number().int(),
  played_at: z.string(),
  /** played_at in the outlet's time zone, `YYYY-MM-DD HH:mm:ss`. */
  played_at_local: z.string(),
  received_at: z.string(),
  additional_info: z.record(z.string(), z.unknown()),
});
export type PlaybackLogRow = z.infer<typeof playbackLogRowSchema>;

/**
 * A month of plays moved out of the database into an archive file (decision 097), named by the
 * playback log when the period asked for reaches it: those plays are in `file` (under the server's
 * DATA_DIR), not in the answer. `rows` counts the whole month, every tenant's plays, so only a
 * caller who sees every play is told it (null otherwise).
 */
export const archivedPlayMonthSchema = z.object({
  /** `YYYY-MM`, the UTC month of the plays' played_at. */
  month: z.string(),
  file: z.string(),
  rows: z.number().int().nullable(),
});
export type ArchivedPlayMonth = z.infer<typeof archivedPlayMonthSchema>;

/** GET /api/playback-logs: a page of plays, the cursor of the next, and the archived months the period reaches. */
export const playbackLogPageSchema = z.object({
  data: z.array(playbackLogRowSchema),
  meta: z.object({ nextCursor: z.string().nullable(), archived: z.array(archivedPlayMonthSchema) }),
});

/** The response header of the CSV export naming the archived months its period reaches, `2025-01,2025-02` (decision 097). */
export const ARCHIVED_MONTHS_HEADER = 'X-AdLoop-Archived';

/**
 * What the activity feed lists (decision 048): a screen's state changes, not its heartbeats.
 * ONLINE is the first time it was seen; BACK_ONLINE a return after an OFFLINE.
 */
export const SCREEN_STATE_CHANGE_KINDS = ['ONLINE', 'OFFLINE', 'BACK_ONLINE'] as const;
/** Why a screen went offline: its display was closed (the offline post), or its heartbeats stopped. */
export const OFFLINE_REASONS = ['DISPLAY_CLOSED', 'MISSED_HEARTBEATS'] as const;

export const screenActivityRowSchema = z.object({
  id: z.string(),
  screen_id: z.string(),
  screen_code: z.string(),
  outlet_id: z.string(),
  outlet_name: z.string(),
  /** The outlet's time zone, in which the page shows `occurred_at`. */
  timezone: z.string(),
  kind: z.enum(SCREEN_STATE_CHANGE_KINDS),
  /** Set on OFFLINE only. */
  offline_reason: z.enum(OFFLINE_REASONS).nullable(),
  occurred_at: z.string(),
  /** On BACK_ONLINE: seconds since the OFFLINE before it. */
  downtime_seconds: z.number().int().nullable(),
});
export type ScreenActivityRow = z.infer<typeof screenActivityRowSchema>;

export const screenActivityQuerySchema = z
  .object({
    screen_id: z.uuid().optional(),
    outlet_id: z.uuid().optional(),
    kind: z.enum(SCREEN_STATE_CHANGE_KINDS).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type ScreenActivityQuery = z.infer<typeof screenActivityQuerySchema>;

/**
 * Uptime per screen per day of its outlet's time zone (decision 048): minutes online over the
 * minutes of the day the screen existed, up to now. `uptime_pct` is null when the screen did not
 * exist that day (or the day has not begun).
 */
export const uptimeQuerySchema = z
  .object({ from: dateString, to: dateString, screen_id: z.uuid().optional(), outlet_id: z.uuid().optional() })
  .strict()
  .refine((value) => value.to >= value.from, { message: 'to must be on or after from', path: ['to'] })
  .refine((value) => rangeWithinCap(value.from, value.to), rangeCapIssue('to'));
export const uptimeSchema = z.object({
  data: z.array(
    z.object({
      screen_id: z.string(),
      screen_code: z.string(),
      outlet_name: z.string(),
      timezone: z.string(),
      days: z.array(
        z.object({
          date: z.string(),
          uptime_pct: z.number().nullable(),
          online_minutes: z.number().int(),
          window_minutes: z.number().int(),
        }),
      ),
    }),
  ),
});

/** Each screen's state now: online or offline, since when. */
export const screenStatusSchema = z.object({
  data: z.array(
    z.object({
      screen_id: z.string(),
      screen_code: z.string(),
      outlet_id: z.string(),
      outlet_name: z.string(),
      timezone: z.string(),
      is_online: z.boolean(),
      since: z.string().nullable(),
      last_seen_at: z.string().nullable(),
    }),
  ),
});

/** POST /api/playback-logs/exports: the filters of the log page, answered by a short-lived download URL. */
export const playbackExportRequestSchema = z
  .object({
    screen_id: z.uuid().optional(),
    ad_id: z.uuid().optional(),
    company_id: z.uuid().optional(),
    outlet_id: z.uuid().optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export const playbackExportSchema = z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) });
