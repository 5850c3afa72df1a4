import { z } from 'zod';
import { listQueryBase } from './common.ts';

export const AD_TYPES = ['IMAGE', 'VIDEO'] as const;
export const adTypeSchema = z.enum(AD_TYPES);
export type AdType = z.infer<typeof adTypeSchema>;

export const AD_STATUSES = ['DRAFT', 'PENDING_REVIEW', 'ACTIVE', 'PAUSED', 'REJECTED'] as const;
export const adStatusSchema = z.enum(AD_STATUSES);
export type AdStatus = z.infer<typeof adStatusSchema>;

/** An ad as the dashboard sees it. */
export const adSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  company: z.object({ name: z.string() }),
  title: z.string(),
  type: adTypeSchema,
  media_url: z.string(),
  duration_seconds: z.number().int().positive().nullable(),
  status: adStatusSchema,
  rejection_reason: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Ad = z.infer<typeof adSchema>;

const mediaUrlSchema = z
  .string()
  .trim()
  .min(1, 'Add the media: upload a file or give its URL')
  .max(2048)
  .refine(
    (value) => value.startsWith('/media/') || /^https?:\/\//i.test(value),
    'Media URL must start with http:// or https://',
  );

export const adUpdateSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200).optional(),
    media_url: mediaUrlSchema.optional(),
    type: adTypeSchema.optional(),
    duration_seconds: z.number().int().min(1).max(3600).nullable().optional(),
    status: adStatusSchema.optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'nothing to update');
export type AdUpdate = z.infer<typeof adUpdateSchema>;

export const adCreateSchema = z
  .object({
    company_id: z.uuid('company_id must be a UUID').optional(),
    title: z.string().trim().min(1, 'Title is required').max(200),
    type: adTypeSchema,
    media_url: mediaUrlSchema,
    duration_seconds: z.number().int().min(1).max(3600).nullable().optional(),
    status: adStatusSchema.optional(),
  })
  .strict();
export type AdCreate = z.infer<typeof adCreateSchema>;

export const adRejectSchema = z.object({ reason: z.string().trim().min(1, 'A reason is required').max(500) }).strict();

export const adListQuerySchema = z
  .object({
    ...listQueryBase,
    status: adStatusSchema.optional(),
    type: adTypeSchema.optional(),
    company_id: z.uuid().optional(),
  })
  .strict();

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

const versionValueSchema = z.union([z.string(), z.number(), z.null()]);

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
  changes: z.array(z.object({ field: z.enum(AD_VERSION_FIELDS), from: versionValueSchema, to: versionValueSchema })),
});
export type AdVersion = z.infer<typeof adVersionSchema>;

export const adVersionParamsSchema = z.object({
  id: z.uuid('id must be a UUID'),
  version: z.coerce.number('version must be a number').int('version must be a whole number').positive(),
});

/** What POST /api/ads/media answers for an uploaded file. */
export const mediaUploadSchema = z.object({
  media_url: z.string(),
  type: adTypeSchema,
  mime_type: z.string(),
  size_bytes: z.number().int(),
});

export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
