import { z } from 'zod';
import { codeSchema, listQueryBase, optionalText, tagsSchema } from './common.ts';
import { OUTLET_TIERS } from './constants.ts';
import { pincodeCodeSchema } from './pincodes.ts';
import { canonicalTimeZone, isTimeZone } from './time-zones.ts';

export const ALERT_WEBHOOK_SECRET_MIN = 16;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// The contract compiles without DOM or Node types; both runtimes have the WHATWG URL.
declare const URL: new (value: string) => { protocol: string; hostname: string };

function isAlertWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

/**
 * The server posts to this URL, so it must be one a person meant: https anywhere, plain http only
 * to this machine (a receiver in development and tests). No credentials travel in plain text.
 */
export const alertWebhookUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Webhook URL is at most 2000 characters')
  .refine(isAlertWebhookUrl, 'Webhook URL must be an https:// address (http:// only to localhost)');

/** A venue that owns screens, base path /api/outlets. Commission in basis points (1500 = 15 %). */
export const outletSchema = z.object({
  id: z.string(),
  name: z.string(),
  outlet_code: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  pincode: z.string().nullable(),
  /** The state of its pincode; null without one. */
  state: z.string().nullable(),
  timezone: z.string(),
  tags: z.array(z.string()),
  /** Basis points of each play's price the network keeps; null for company roles (decision 008). */
  commission_bps: z.number().int().nullable(),
  /** Pricing tier: the rate card prices its plays by it (decision 033). */
  tier: z.enum(OUTLET_TIERS),
  /** Minutes without a heartbeat before its screens raise an offline alert; null = the default 5 (decision 052). */
  offline_alert_minutes: z.number().int().nullable(),
  /** Where its offline alerts are posted besides the global webhook; null for all but global admins (decision 060). */
  alert_webhook_url: z.string().nullable(),
  /** Whether its webhook has a signing secret; the secret itself is never answered. Null for all but global admins. */
  has_alert_webhook_secret: z.boolean().nullable(),
  is_active: z.boolean(),
  screens_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Outlet = z.infer<typeof outletSchema>;

export const outletCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters'),
    outlet_code: codeSchema('Outlet code'),
    address: optionalText(300).default(''),
    city: optionalText(100).nullable().optional(),
    pincode: pincodeCodeSchema.nullable().optional(),
    /** Only for a pincode AdLoop does not know yet, which is added with this city and state (decision 047). */
    state: optionalText(100).nullable().optional(),
    /** An IANA name; an old alias (Asia/Calcutta) is stored under its current name (Asia/Kolkata). */
    timezone: z
      .string()
      .trim()
      .refine(isTimeZone, 'Unknown time zone: choose an IANA name such as Asia/Kolkata')
      .overwrite(canonicalTimeZone)
      .optional(),
    tags: tagsSchema.optional(),
    /** Left out of a new outlet, the usual STANDARD_COMMISSION_BPS (15 %; decision 091); left out of an edit, unchanged. */
    commission_bps: z
      .number()
      .int('Commission must be whole basis points')
      .min(0, 'Commission cannot be negative')
      .max(10000, 'Commission is at most 100 %')
      .optional(),
    tier: z.enum(OUTLET_TIERS, 'Tier must be STANDARD, PREMIUM or FLAGSHIP').optional(),
    offline_alert_minutes: z
      .number()
      .int('Offline alert minutes must be whole minutes')
      .min(1, 'Offline alert is at least 1 minute')
      .max(1440, 'Offline alert is at most 1440 minutes (a day)')
      .nullable()
      .optional(),
    /** A global admin's: https, or http to this machine only (decision 060); null turns the outlet's webhook off. */
    alert_webhook_url: alertWebhookUrlSchema.nullable().optional(),
    /** Write-only: signs the outlet's webhook posts (HMAC-SHA256). */
    alert_webhook_secret: z
      .string()
      .min(ALERT_WEBHOOK_SECRET_MIN, `Webhook secret is at least ${ALERT_WEBHOOK_SECRET_MIN} characters`)
      .max(200, 'Webhook secret is at most 200 characters')
      .nullable()
      .optional(),
  })
  .strict();
export type OutletCreate = z.infer<typeof outletCreateSchema>;

export const outletUpdateSchema = outletCreateSchema.partial().extend({ is_active: z.boolean().optional() }).strict();
export type OutletUpdate = z.infer<typeof outletUpdateSchema>;

export const outletListQuerySchema = z
  .object({
    ...listQueryBase,
    tag: z.string().trim().max(32).optional(),
    pincode: z.string().max(6).optional(),
    tier: z.enum(OUTLET_TIERS, 'Tier must be STANDARD, PREMIUM or FLAGSHIP').optional(),
  })
  .strict();
