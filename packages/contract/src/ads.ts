import { z } from 'zod';
import { calendarDate, listQueryBase, tagsSchema } from './common.ts';
import { PINCODE_PATTERN } from './formats.ts';
import { type AdSchedule, type AdTargeting, TIME_PATTERN } from './targeting.ts';
import { unplayableMediaProblem } from './unplayable-media.ts';

export const AD_TYPES = ['IMAGE', 'VIDEO'] as const;
export const adTypeSchema = z.enum(AD_TYPES);
export type AdType = z.infer<typeof adTypeSchema>;

export const AD_STATUSES = ['DRAFT', 'PENDING_REVIEW', 'ACTIVE', 'PAUSED', 'REJECTED'] as const;
export const adStatusSchema = z.enum(AD_STATUSES);
export type AdStatus = z.infer<typeof adStatusSchema>;

/** Where an ad plays (decision 032): empty kinds match every screen. */
export const adTargetingSchema = z.object({
  tags: z.array(z.string()),
  outlet_ids: z.array(z.string()),
  pincodes: z.array(z.string()),
  cities: z.array(z.string()),
}) satisfies z.ZodType<AdTargeting>;

/** When an ad plays, on the outlet's wall clock (decision 032). */
export const adScheduleSchema = z.object({
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  days_of_week: z.array(z.number().int()),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  priority: z.number().int(),
  share_of_voice: z.number().int(),
}) satisfies z.ZodType<AdSchedule>;

const listOfValues = (label: string, max: number) =>
  z
    .array(z.string().trim().min(1, `${label} cannot be blank`).max(100))
    .max(max, `At most ${max} ${label.toLowerCase()}`);

const targetOutletIds = z.array(z.uuid('Outlet ids must be UUIDs')).max(200, 'At most 200 outlets');
const targetPincodes = z
  .array(z.string().trim().regex(PINCODE_PATTERN, 'Pincodes are 6 digits'))
  .max(200, 'At most 200 pincodes');
const targetCities = listOfValues('Cities', 50);

/** Targeting as a form or request sends it; omitted kinds are empty (the whole targeting is replaced). */
export const adTargetingInputSchema = z
  .object({
    tags: tagsSchema.optional(),
    outlet_ids: targetOutletIds.optional(),
    pincodes: targetPincodes.optional(),
    cities: targetCities.optional(),
  })
  .strict();

const dateInput = calendarDate('Dates').nullable().optional();
const timeInput = z.string().regex(TIME_PATTERN, 'Times are 24-hour HH:MM').nullable().optional();

/** A schedule as a form or request sends it; omitted fields take the "always" defaults (the whole schedule is replaced). */
export const adScheduleInputSchema = z
  .object({
    start_date: dateInput,
    end_date: dateInput,
    days_of_week: z
      .array(z.number().int().min(0, 'Days are 0 (Sunday) to 6').max(6, 'Days are 0 (Sunday) to 6'))
      .max(7)
      .optional(),
    start_time: timeInput,
    end_time: timeInput,
    priority: z.number().int('Priority is a whole number').min(-100).max(100).optional(),
    share_of_voice: z
      .number()
      .int('Share of voice is a whole number')
      .min(1, 'Share of voice is 1-100')
      .max(100, 'Share of voice is 1-100')
      .optional(),
  })
  .strict()
  .superRefine((schedule, context) => {
    if (schedule.start_date && schedule.end_date && schedule.end_date < schedule.start_date) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'End date is before the start date' });
    }
    const startTime = schedule.start_time ?? null;
    const endTime = schedule.end_time ?? null;
    if ((startTime === null) !== (endTime === null)) {
      const path = startTime === null ? 'start_time' : 'end_time';
      context.addIssue({ code: 'custom', path: [path], message: 'Give both times of the window, or neither' });
    } else if (startTime !== null && startTime === endTime) {
      context.addIssue({ code: 'custom', path: ['end_time'], message: 'The window ends when it starts' });
    }
  });
export type AdScheduleInput = z.infer<typeof adScheduleInputSchema>;
export type AdTargetingInput = z.infer<typeof adTargetingInputSchema>;

/** The fields of an ad a screen shows: an advertiser's change to one on a live ad waits for review (decision 038). */
export const AD_CONTENT_FIELDS = ['title', 'type', 'media_url', 'duration_seconds'] as const;
export type AdContentField = (typeof AD_CONTENT_FIELDS)[number];
export interface AdContent {
  title: string;
  type: AdType;
  media_url: string;
  duration_seconds: number | null;
}

const contentValueSchema = z.union([z.string(), z.number(), z.null()]);

export const AD_REVISION_STATUSES = ['PENDING', 'REJECTED'] as const;

/**
 * An edit of a live ad's content awaiting review, or the last one a reviewer turned down
 * (decision 038): screens keep the reviewed version until a global admin approves it.
 */
export const adRevisionSchema = z.object({
  status: z.enum(AD_REVISION_STATUSES),
  /** Each changed field, from the version on screens to the proposed value. */
  changes: z.array(z.object({ field: z.enum(AD_CONTENT_FIELDS), from: contentValueSchema, to: contentValueSchema })),
  /** Variants whose new or changed creative or link is part of this edit. */
  variants: z.number().int(),
  rejection_reason: z.string().nullable(),
  submitted_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type AdRevision = z.infer<typeof adRevisionSchema>;

/** An ad as the dashboard sees it. */
export const adSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  company: z.object({ name: z.string() }),
  /**
   * The outlet whose house content this is (decision 090): its own screens only, never billed, in
   * the loop's room; `company` is then the outlet's house account. Null for an advertiser's ad.
   */
  house_outlet_id: z.string().nullable(),
  title: z.string(),
  type: adTypeSchema,
  media_url: z.string(),
  duration_seconds: z.number().int().positive().nullable(),
  status: adStatusSchema,
  rejection_reason: z.string().nullable(),
  /** Paused by a global admin: only a global admin may resume it (decision 009). */
  paused_by_admin: z.boolean(),
  version: z.number().int(),
  targeting: adTargetingSchema,
  schedule: adScheduleSchema,
  /** The content edit awaiting review or last rejected; the fields above are what screens show. */
  revision: adRevisionSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ad = z.infer<typeof adSchema>;

/** An ad's or a variant's media: an uploaded file under /media/ or an http(s) URL a screen can play (decision 053). */
export const mediaUrlSchema = z
  .string()
  .trim()
  .min(1, 'Add the media: upload a file or give its URL')
  .max(2048)
  .refine(
    (value) => value.startsWith('/media/') || /^https?:\/\//i.test(value),
    'Media URL must start with http:// or https://',
  )
  .superRefine((value, context) => {
    const problem = unplayableMediaProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const adUpdateSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200).optional(),
    media_url: mediaUrlSchema.optional(),
    type: adTypeSchema.optional(),
    duration_seconds: z.number().int().min(1).max(3600).nullable().optional(),
    status: adStatusSchema.optional(),
    targeting: adTargetingInputSchema.optional(),
    schedule: adScheduleInputSchema.optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'nothing to update');
export type AdUpdate = z.infer<typeof adUpdateSchema>;

export const adCreateSchema = z
  .object({
    company_id: z.uuid('company_id must be a UUID').optional(),
    /**
     * House content of this outlet instead of an advertiser's ad (decision 090): what outlet staff
     * make, for one of their outlets (the only one when they have one); it targets that outlet.
     */
    outlet_id: z.uuid('outlet_id must be a UUID').optional(),
    title: z.string().trim().min(1, 'Title is required').max(200),
    type: adTypeSchema,
    media_url: mediaUrlSchema,
    duration_seconds: z.number().int().min(1).max(3600).nullable().optional(),
    status: adStatusSchema.optional(),
    targeting: adTargetingInputSchema.optional(),
    schedule: adScheduleInputSchema.optional(),
  })
  .strict();
export type AdCreate = z.infer<typeof adCreateSchema>;

/** A reviewer's answer to an ad's pending edit: POST /api/ads/:id/revision/approve | reject. */
export const REVISION_ACTIONS = ['approve', 'reject'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

export const adRejectSchema = z.object({ reason: z.string().trim().min(1, 'A reason is required').max(500) }).strict();

export const adListQuerySchema = z
  .object({
    ...listQueryBase,
    status: adStatusSchema.optional(),
    type: adTypeSchema.optional(),
    company_id: z.uuid().optional(),
    /**
     * The review queue (decision 091): new ads sent for review and live ads with an edit waiting,
     * of their own content or of their variants; oldest first unless sorted otherwise.
     */
    awaiting_review: z.enum(['true']).optional(),
  })
  .strict();

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

/** GET /api/ads/reach: targeting as comma-separated lists, validated like an ad's. */
export const adReachQuerySchema = z
  .object({
    tags: commaList.pipe(tagsSchema),
    outlet_ids: commaList.pipe(targetOutletIds),
    pincodes: commaList.pipe(targetPincodes),
    cities: commaList.pipe(targetCities),
  })
  .strict();

/** How many active screens, and in how many outlets, a targeting reaches. */
export const adReachSchema = z.object({ screens: z.number().int(), outlets: z.number().int() });
export type AdReach = z.infer<typeof adReachSchema>;

/**
 * How a version came to be: the ad's creation, an edit, a rollback to an earlier version, or
 * the state an ad already had when history began (decision 031).
 */
export const AD_VERSION_KINDS = ['created', 'edited', 'rolled-back', 'recorded'] as const;
export const adVersionKindSchema = z.enum(AD_VERSION_KINDS);
export type AdVersionKind = z.infer<typeof adVersionKindSchema>;

/** The fields a version keeps and compares; a rollback copies the creative ones. */
export const AD_VERSION_FIELDS = ['title', 'type', 'media_url', 'duration_seconds', 'status'] as const;
export type AdVersionField = (typeof AD_VERSION_FIELDS)[number];

/** One saved version of an ad and what changed since the version before it. */
export const adVersionSchema = z.object({
  version: z.number().int().positive(),
  title: z.string(),
  type: adTypeSchema,
  media_url: z.string(),
  duration_seconds: z.number().int().positive().nullable(),
  status: adStatusSchema,
  kind: adVersionKindSchema,
  rolled_back_to: z.number().int().positive().nullable(),
  note: z.string(),
  changed_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  changed_at: z.string(),
  is_current: z.boolean(),
  changes: z.array(z.object({ field: z.enum(AD_VERSION_FIELDS), from: contentValueSchema, to: contentValueSchema })),
});
export type AdVersion = z.infer<typeof adVersionSchema>;

export const adVersionParamsSchema = z.object({
  id: z.uuid('id must be a UUID'),
  version: z.coerce
    .number('version must be a number')
    .int('version must be a whole number')
    .positive()
    .max(2_147_483_647, 'version is too large'),
});

/** What POST /api/ads/media answers for an uploaded file. */
export const mediaUploadSchema = z.object({
  media_url: z.string(),
  type: adTypeSchema,
  mime_type: z.string(),
  size_bytes: z.number().int(),
  /** A video's run time in seconds, read from its file (decision 072); null for an image or a file that does not say. */
  duration_seconds: z.number().nullable(),
});

/** POST /api/ads/media?company_id=: whose storage the file counts against (decision 044); company roles default to theirs. */
export const mediaUploadQuerySchema = z.object({
  company_id: z.uuid('company_id must be a UUID').optional(),
});

export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
