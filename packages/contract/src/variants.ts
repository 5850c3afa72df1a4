import { z } from 'zod';
import { adTypeSchema, mediaUrlSchema } from './ads.ts';
import { calendarDate, rangeCapIssue, rangeWithinCap } from './common.ts';

/**
 * A/B variants of an ad (decision 034): alternative creatives that split the ad's turns by
 * weight, each with an optional tracked link shown as a QR code. The rotation and the
 * significance test are zod-free, in `ab-test.ts`, so the player can use them.
 */

export const VARIANT_LABEL_MAX = 20;
/** The weight of a variant added without one. */
export const DEFAULT_VARIANT_WEIGHT = 50;
/**
 * The ad's own creative is always variant A, the control: adding the first new creative to an ad
 * makes its own creative A beside it, and the new one is labelled B if its label would sort
 * before or onto A (decision 050).
 */
export const ORIGINAL_VARIANT_LABEL = 'A';
export const FIRST_CHALLENGER_LABEL = 'B';
export const LINK_URL_MAX = 2000;
/** Length of a generated link code (base64url, 48 random bits). */
export const LINK_CODE_LENGTH = 8;
export const LINK_CODE_PATTERN = /^[A-Za-z0-9_-]{8}$/;

const labelSchema = z
  .string()
  .trim()
  .min(1, 'Label is required')
  .max(VARIANT_LABEL_MAX, `Label is at most ${VARIANT_LABEL_MAX} characters`);

const weightSchema = z
  .number('Weight must be a number')
  .int('Weight is a whole number')
  .min(0, 'Weight is 0-100')
  .max(100, 'Weight is 0-100');

/**
 * A link as the browser will send it: the WHATWG URL serialisation percent-encodes non-ASCII
 * text, so the stored link is always a valid `Location` header (decision 038).
 */
export function serialisedLink(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// The contract compiles without DOM or Node types; both runtimes have the WHATWG URL.
declare const URL: new (value: string) => { protocol: string; href: string };

const linkUrlSchema = z
  .string()
  .trim()
  .min(1, 'Link URL cannot be blank; send null to remove the link')
  .max(LINK_URL_MAX, `Link URL is at most ${LINK_URL_MAX} characters`)
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#]\S*)?$/i, 'Link URL must be an http:// or https:// address')
  .transform((value, context) => {
    const link = serialisedLink(value);
    if (link === null) context.addIssue({ code: 'custom', message: 'Link URL must be an http:// or https:// address' });
    else if (link.length > LINK_URL_MAX) {
      context.addIssue({ code: 'custom', message: `Link URL is at most ${LINK_URL_MAX} characters once encoded` });
    }
    return link ?? value;
  });

const durationSchema = z.number().int('Duration is whole seconds').min(1).max(3600);

export const variantCreateSchema = z
  .object({
    label: labelSchema,
    type: adTypeSchema,
    media_url: mediaUrlSchema,
    duration_seconds: durationSchema.nullable().optional(),
    weight: weightSchema.optional(),
    link_url: linkUrlSchema.nullable().optional(),
  })
  .strict();
export type VariantCreate = z.infer<typeof variantCreateSchema>;

export const variantUpdateSchema = z
  .object({
    label: labelSchema.optional(),
    type: adTypeSchema.optional(),
    media_url: mediaUrlSchema.optional(),
    duration_seconds: durationSchema.nullable().optional(),
    weight: weightSchema.optional(),
    link_url: linkUrlSchema.nullable().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'nothing to update');
export type VariantUpdate = z.infer<typeof variantUpdateSchema>;

export const variantParamsSchema = z.object({
  id: z.uuid('id must be a UUID'),
  variantId: z.uuid('variantId must be a UUID'),
});

/** A tracked link: `/r/<code>` counts the scan and redirects to `url`. */
export const variantLinkSchema = z.object({ code: z.string(), url: z.string() });

/** A variant's creative and link: what a screen shows and where its QR code leads. */
export const variantContentSchema = z.object({
  type: adTypeSchema,
  media_url: z.string(),
  duration_seconds: z.number().int().positive().nullable(),
  link_url: z.string().nullable(),
});
export type VariantContent = z.infer<typeof variantContentSchema>;

/** A variant as the dashboard sees it. */
export const variantSchema = z.object({
  id: z.string(),
  ad_id: z.string(),
  label: z.string(),
  type: adTypeSchema,
  media_url: z.string(),
  duration_seconds: z.number().int().positive().nullable(),
  weight: z.number().int(),
  link: variantLinkSchema.nullable(),
  /** Screens show it (its creative above passed review); a new one waits for the ad's review (decision 038). */
  reviewed: z.boolean(),
  /** A change to a reviewed variant of a live ad, awaiting review; screens keep the fields above. */
  pending: variantContentSchema.partial().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Variant = z.infer<typeof variantSchema>;

/** A variant as a screen plays it, inside its ad (only variants with weight > 0 are sent). */
export const screenVariantSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: adTypeSchema,
  media_url: z.string(),
  duration_seconds: z.number().int().positive().nullable(),
  weight: z.number().int(),
  link: variantLinkSchema.nullable(),
});
export type ScreenVariant = z.infer<typeof screenVariantSchema>;

const dateString = calendarDate();

/** GET /api/analytics/variants: one ad's variants over an inclusive date range. */
export const variantAnalyticsQuerySchema = z
  .object({ ad_id: z.uuid('ad_id must be a UUID'), from: dateString, to: dateString })
  .strict()
  .refine((value) => value.to >= value.from, { message: 'to must be on or after from', path: ['to'] })
  .refine((value) => rangeWithinCap(value.from, value.to), rangeCapIssue('to'));
export type VariantAnalyticsQuery = z.infer<typeof variantAnalyticsQuerySchema>;

export const SIGNIFICANCE_VERDICTS = ['control', 'needs_more_plays', 'significant', 'not_significant'] as const;

export const variantResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  weight: z.number().int(),
  has_link: z.boolean(),
  is_control: z.boolean(),
  plays: z.number().int(),
  scans: z.number().int(),
  scan_rate: z.number().nullable(),
  lift: z.number().nullable(),
  z: z.number().nullable(),
  p_value: z.number().nullable(),
  significant: z.boolean(),
  verdict: z.enum(SIGNIFICANCE_VERDICTS),
});
export type VariantResult = z.infer<typeof variantResultSchema>;

export const variantAnalyticsSchema = z.object({
  ad: z.object({ id: z.string(), title: z.string() }),
  from: z.string(),
  to: z.string(),
  min_plays: z.number().int(),
  variants: z.array(variantResultSchema),
});
export type VariantAnalytics = z.infer<typeof variantAnalyticsSchema>;

/** GET /api/analytics/variant-ads: the ads the caller may compare, those with at least one variant. */
export const variantAdSchema = z.object({ id: z.string(), title: z.string(), variants: z.number().int() });
export type VariantAd = z.infer<typeof variantAdSchema>;
