import { randomBytes } from 'node:crypto';
import type { Ad } from '@adloop/contract/ads';
import { can, type Scope } from '@adloop/contract/permissions';
import {
  LINK_CODE_LENGTH,
  type ScreenVariant,
  type Variant,
  type VariantCreate,
  type VariantUpdate,
} from '@adloop/contract/variants';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, adVariants, linkScans, playRollupsVariantDaily } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Tenancy } from '../tenancy/tenancy.service.ts';
import type { Transaction } from './ad-version-log.ts';
import { getAd } from './ads.service.ts';

type VariantRow = typeof adVariants.$inferSelect;

/** A variant as written, and whether writing it sent its running ad back to review. */
export interface VariantChange {
  variant: Variant & { sent_to_review: boolean };
  adId: string;
}

const linkOf = (row: VariantRow) => (row.linkCode && row.linkUrl ? { code: row.linkCode, url: row.linkUrl } : null);

function toVariant(row: VariantRow): Variant {
  return {
    id: row.id,
    ad_id: row.adId,
    label: row.label,
    type: row.type,
    media_url: row.mediaUrl,
    duration_seconds: row.durationSeconds,
    weight: row.weight,
    link: linkOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Variants in test order: by label without case (the first is the control), then by id. */
const variantOrder = [asc(sql`lower(${adVariants.label})`), asc(adVariants.id)];

export async function listVariants(db: Database, tenancy: Tenancy, scope: Scope, adId: string): Promise<Variant[]> {
  await getAd(db, tenancy, scope, adId);
  const rows = await db
    .select()
    .from(adVariants)
    .where(eq(adVariants.adId, adId))
    .orderBy(...variantOrder);
  return rows.map(toVariant);
}

/** A short, random, URL-safe code for `/r/<code>`: 48 random bits in base64url. */
const newLinkCode = () => randomBytes(6).toString('base64url').slice(0, LINK_CODE_LENGTH);

const duplicateLabel = (label: string) =>
  conflict(`A variant labelled "${label}" already exists on this ad; choose another label`);

/**
 * Runs a variant write (a transaction of its own); a duplicate label answers 409, and a link
 * code that collides (one in 2^48 per pair) is drawn again in a new transaction.
 */
async function writeVariant(label: string | undefined, write: (linkCode: string) => Promise<VariantRow>) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write(newLinkCode());
    } catch (error) {
      if (isUniqueViolation(error, 'ad_variants_ad_label_uq')) throw duplicateLabel(label ?? '');
      if (!isUniqueViolation(error, 'ad_variants_link_code_uq') || attempt >= 3) throw error;
    }
  }
}

/**
 * An advertiser's new creative on a running ad goes through review like an ad edit (decisions
 * 009, 034): the ad leaves the screens until a reviewer approves it again. A reviewer's own
 * change, and a change to a draft, pending or rejected ad, leave the status alone.
 */
function sendsToReview(tenancy: Tenancy, ad: Ad, creativeChanged: boolean): boolean {
  return creativeChanged && !can(tenancy.role, 'ads', 'approve') && (ad.status === 'ACTIVE' || ad.status === 'PAUSED');
}

async function backToReview(tx: Transaction, adId: string): Promise<void> {
  await tx
    .update(ads)
    .set({ status: 'PENDING_REVIEW', rejectionReason: null, pausedByAdmin: false, updatedAt: sql`now()` })
    .where(eq(ads.id, adId));
}

export async function createVariant(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  adId: string,
  input: VariantCreate,
): Promise<VariantChange> {
  const ad = await getAd(db, tenancy, scope, adId);
  // The ad's own, already reviewed creative without a link is no new content.
  const duration = input.type === 'IMAGE' ? (input.duration_seconds ?? null) : null;
  const isReviewedCreative =
    input.media_url === ad.media_url &&
    input.type === ad.type &&
    duration === ad.duration_seconds &&
    (input.link_url ?? null) === null;
  const review = sendsToReview(tenancy, ad, !isReviewedCreative);
  const row = await writeVariant(input.label, (linkCode) =>
    db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(adVariants)
        .values({
          adId,
          label: input.label,
          type: input.type,
          mediaUrl: input.media_url,
          // Videos play to their end; only images have a duration.
          durationSeconds: duration,
          weight: input.weight ?? 50,
          linkUrl: input.link_url ?? null,
          linkCode: input.link_url ? linkCode : null,
        })
        .returning();
      if (review) await backToReview(tx, adId);
      return inserted!;
    }),
  );
  return { variant: { ...toVariant(row), sent_to_review: review }, adId };
}

async function findVariant(db: Database, adId: string, variantId: string): Promise<VariantRow> {
  const [row] = await db
    .select()
    .from(adVariants)
    .where(and(eq(adVariants.id, variantId), eq(adVariants.adId, adId)));
  if (!row) throw notFound('Variant');
  return row;
}

export async function updateVariant(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  adId: string,
  variantId: string,
  change: VariantUpdate,
): Promise<VariantChange> {
  const ad = await getAd(db, tenancy, scope, adId);
  const before = await findVariant(db, adId, variantId);
  const type = change.type ?? before.type;
  const durationSeconds =
    type === 'VIDEO' ? null : change.duration_seconds !== undefined ? change.duration_seconds : before.durationSeconds;
  const linkUrl = change.link_url !== undefined ? change.link_url : before.linkUrl;
  const creativeChanged =
    type !== before.type ||
    (change.media_url !== undefined && change.media_url !== before.mediaUrl) ||
    durationSeconds !== before.durationSeconds ||
    linkUrl !== before.linkUrl;
  const review = sendsToReview(tenancy, ad, creativeChanged);
  const row = await writeVariant(change.label ?? before.label, (linkCode) =>
    db.transaction(async (tx) => {
      const [updated] = await tx
        .update(adVariants)
        .set({
          label: change.label,
          type: change.type,
          mediaUrl: change.media_url,
          durationSeconds,
          weight: change.weight,
          linkUrl,
          // A link keeps its code while it lives, so printed or scanned QR codes keep working.
          linkCode: linkUrl === null ? null : (before.linkCode ?? linkCode),
          updatedAt: sql`now()`,
        })
        .where(eq(adVariants.id, variantId))
        .returning();
      if (!updated) throw notFound('Variant');
      if (review) await backToReview(tx, adId);
      return updated;
    }),
  );
  return { variant: { ...toVariant(row), sent_to_review: review }, adId };
}

/** Deletes a variant that never played nor was scanned; one with evidence keeps it (409: weight 0 instead). */
export async function deleteVariant(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  adId: string,
  variantId: string,
): Promise<void> {
  await getAd(db, tenancy, scope, adId);
  const variant = await findVariant(db, adId, variantId);
  const [[played], [scanned]] = await Promise.all([
    db
      .select({ plays: playRollupsVariantDaily.plays })
      .from(playRollupsVariantDaily)
      .where(and(eq(playRollupsVariantDaily.adId, adId), eq(playRollupsVariantDaily.variantId, variantId)))
      .limit(1),
    db.select({ id: linkScans.id }).from(linkScans).where(eq(linkScans.variantId, variantId)).limit(1),
  ]);
  if (played || scanned) {
    const evidence = played && scanned ? 'plays and scans' : played ? 'plays' : 'scans';
    throw conflict(`Variant "${variant.label}" has ${evidence} on record; set its weight to 0 to stop showing it`);
  }
  await db.delete(adVariants).where(eq(adVariants.id, variantId));
}

/**
 * The variants a screen rotates, for all listed ads in one query: those with weight > 0, in
 * test order. Ads without any are absent from the map.
 */
export async function screenVariantsOf(db: Database, adIds: string[]): Promise<Map<string, ScreenVariant[]>> {
  const byAd = new Map<string, ScreenVariant[]>();
  if (adIds.length === 0) return byAd;
  const rows = await db
    .select()
    .from(adVariants)
    .where(and(inArray(adVariants.adId, adIds), gt(adVariants.weight, 0)))
    .orderBy(...variantOrder);
  for (const row of rows) {
    const variants = byAd.get(row.adId) ?? [];
    variants.push({
      id: row.id,
      label: row.label,
      type: row.type,
      media_url: row.mediaUrl,
      duration_seconds: row.durationSeconds,
      weight: row.weight,
      link: linkOf(row),
    });
    byAd.set(row.adId, variants);
  }
  return byAd;
}
