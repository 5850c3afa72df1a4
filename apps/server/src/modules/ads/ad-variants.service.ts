import { compareLabels } from '@adloop/contract/ab-test';
import type { Ad } from '@adloop/contract/ads';
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import {
  DEFAULT_VARIANT_WEIGHT,
  FIRST_CHALLENGER_LABEL,
  ORIGINAL_VARIANT_LABEL,
  type Variant,
  type VariantContent,
  type VariantCreate,
  type VariantUpdate,
} from '@adloop/contract/variants';
import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, adVariants, linkScans, playRollupsVariantDaily } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { newLinkCode, proposeVariantChange, settleRevision } from './ad-revision-store.ts';
import { changeableAd, getAd, isLive } from './ads.service.ts';

type VariantRow = typeof adVariants.$inferSelect;

/** A variant as written, and whether the write waits for review before screens show it. */
export type WrittenVariant = Variant & { sent_to_review: boolean };

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
    reviewed: row.reviewed,
    pending: row.pending,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Variants in test order: by label without case (the first is the control), then by id. */
const variantOrder = [asc(sql`lower(${adVariants.label})`), asc(adVariants.id)];

export async function listVariants(ctx: ServiceContext, adId: string): Promise<Variant[]> {
  const { db } = ctx;
  await getAd(ctx, adId);
  const rows = await db
    .select()
    .from(adVariants)
    .where(eq(adVariants.adId, adId))
    .orderBy(...variantOrder);
  return rows.map(toVariant);
}

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

/** True when the ad has no variant yet; the ad's row stays locked, so two first variants cannot both start its test. */
async function startsTest(tx: Database, adId: string): Promise<boolean> {
  await tx.execute(sql`select ${ads.id} from ${ads} where ${ads.id} = ${adId} for update`);
  const [existing] = await tx.select({ id: adVariants.id }).from(adVariants).where(eq(adVariants.adId, adId)).limit(1);
  return !existing;
}

/** How long an image shows: its own duration, else the player's default. */
const imageSeconds = (seconds: number | null | undefined) => seconds ?? DEFAULT_IMAGE_DURATION_SECONDS;

/** Whether a variant shows what the ad itself shows (its link aside): then it is the original, not a challenger. */
function showsLike(ad: Ad, input: VariantCreate): boolean {
  if (input.media_url !== ad.media_url || input.type !== ad.type) return false;
  return ad.type === 'VIDEO' || imageSeconds(input.duration_seconds) === imageSeconds(ad.duration_seconds);
}

/**
 * The ad's own creative as variant A, the control (decision 050): reviewed when the ad is on
 * screens, since the ad's row holds only reviewed content; otherwise reviewed with the ad.
 */
function originalAsVariant(ad: Ad) {
  return {
    adId: ad.id,
    label: ORIGINAL_VARIANT_LABEL,
    type: ad.type,
    mediaUrl: ad.media_url,
    durationSeconds: ad.type === 'IMAGE' ? ad.duration_seconds : null,
    weight: DEFAULT_VARIANT_WEIGHT,
    reviewed: isLive(ad.status),
  };
}

/**
 * A new variant of a live ad shows at once only when a reviewer adds it or it is the ad's own,
 * already reviewed creative without a link; else it waits for review while the ad keeps playing
 * (decision 038). A variant of an ad not on screens is reviewed with its ad. The first variant
 * with a creative other than the ad's own starts a test against it: the ad's own creative
 * becomes variant A beside it (decision 050), so the original keeps its share of the turns.
 */
export async function createVariant(ctx: ServiceContext, adId: string, input: VariantCreate): Promise<WrittenVariant> {
  const { db, caller } = ctx;
  const ad = await changeableAd(ctx, adId, 'update');
  const duration = input.type === 'IMAGE' ? (input.duration_seconds ?? null) : null;
  const isReviewedCreative =
    input.media_url === ad.media_url &&
    input.type === ad.type &&
    duration === ad.duration_seconds &&
    (input.link_url ?? null) === null;
  const reviewed = isLive(ad.status) && (caller.can('ads', 'approve') || isReviewedCreative);
  const held = isLive(ad.status) && !reviewed;
  const row = await writeVariant(input.label, (linkCode) =>
    db.transaction(async (tx) => {
      const withOriginal = !showsLike(ad, input) && (await startsTest(tx as unknown as Database, adId));
      if (withOriginal) await tx.insert(adVariants).values(originalAsVariant(ad));
      const label =
        withOriginal && compareLabels(input.label, ORIGINAL_VARIANT_LABEL) <= 0 ? FIRST_CHALLENGER_LABEL : input.label;
      const [inserted] = await tx
        .insert(adVariants)
        .values({
          adId,
          label,
          type: input.type,
          mediaUrl: input.media_url,
          // Videos play to their end; only images have a duration.
          durationSeconds: duration,
          weight: input.weight ?? DEFAULT_VARIANT_WEIGHT,
          linkUrl: input.link_url ?? null,
          linkCode: input.link_url ? linkCode : null,
          reviewed,
        })
        .returning();
      if (held) await proposeVariantChange(tx, adId, caller.userId);
      return inserted!;
    }),
  );
  await ctx.emit({ type: 'ads.changed', adIds: [adId] });
  return { ...toVariant(row), sent_to_review: held };
}

async function findVariant(db: Database, adId: string, variantId: string): Promise<VariantRow> {
  const [row] = await db
    .select()
    .from(adVariants)
    .where(and(eq(adVariants.id, variantId), eq(adVariants.adId, adId)));
  if (!row) throw notFound('Variant');
  return row;
}

const contentOfRow = (row: VariantRow): VariantContent => ({
  type: row.type,
  media_url: row.mediaUrl,
  duration_seconds: row.durationSeconds,
  link_url: row.linkUrl,
});

/** The fields of `next` that differ from what screens show. */
function pendingChange(shown: VariantContent, next: VariantContent): Partial<VariantContent> | null {
  const fields = (Object.keys(next) as Array<keyof VariantContent>).filter((field) => next[field] !== shown[field]);
  return fields.length === 0 ? null : Object.fromEntries(fields.map((field) => [field, next[field]]));
}

/**
 * Edits a variant. An advertiser's change to the creative or link of a reviewed variant of a live
 * ad waits in `pending` while screens keep the reviewed one; removing a link, the label and the
 * weight apply at once. Any edit of a live ad's unreviewed variant sends it (again) for review.
 */
export async function updateVariant(
  ctx: ServiceContext,
  adId: string,
  variantId: string,
  change: VariantUpdate,
): Promise<WrittenVariant> {
  const { db, caller } = ctx;
  const ad = await changeableAd(ctx, adId, 'update');
  const before = await findVariant(db, adId, variantId);
  const reviewer = caller.can('ads', 'approve');
  const shown = contentOfRow(before);
  const current = { ...shown, ...before.pending };
  const type = change.type ?? current.type;
  const next: VariantContent = {
    type,
    media_url: change.media_url ?? current.media_url,
    // Videos play to their end; only images have a duration.
    duration_seconds:
      type === 'VIDEO'
        ? null
        : change.duration_seconds !== undefined
          ? change.duration_seconds
          : current.duration_seconds,
    link_url: change.link_url !== undefined ? change.link_url : current.link_url,
  };
  const live = isLive(ad.status);
  const holdsChange = live && !reviewer && before.reviewed;
  // Taking a link off shows less, so it needs no review.
  const written = holdsChange ? { ...shown, link_url: next.link_url === null ? null : shown.link_url } : next;
  const pending = holdsChange ? pendingChange(written, next) : null;
  const reviewed = live ? before.reviewed || reviewer : before.reviewed && pendingChange(shown, next) === null;
  const held = pending !== null || (live && !reviewed);
  const row = await writeVariant(change.label ?? before.label, (linkCode) =>
    db.transaction(async (tx) => {
      const [updated] = await tx
        .update(adVariants)
        .set({
          label: change.label,
          weight: change.weight,
          type: written.type,
          mediaUrl: written.media_url,
          durationSeconds: written.duration_seconds,
          linkUrl: written.link_url,
          // A link keeps its code while it lives, so printed or scanned QR codes keep working.
          linkCode: written.link_url === null ? null : (before.linkCode ?? linkCode),
          reviewed,
          pending,
          updatedAt: sql`now()`,
        })
        .where(eq(adVariants.id, variantId))
        .returning();
      if (!updated) throw notFound('Variant');
      if (held) await proposeVariantChange(tx, adId, caller.userId);
      else await settleRevision(tx, adId);
      return updated;
    }),
  );
  await ctx.emit({ type: 'ads.changed', adIds: [adId] });
  return { ...toVariant(row), sent_to_review: held };
}

/** Deletes a variant that never played nor was scanned; one with evidence keeps it (409: weight 0 instead). */
export async function deleteVariant(ctx: ServiceContext, adId: string, variantId: string): Promise<void> {
  const { db } = ctx;
  await changeableAd(ctx, adId, 'update');
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
  await settleRevision(db, adId);
  await ctx.emit({ type: 'ads.changed', adIds: [adId] });
}

/**
 * The variants a screen rotates for the ad whose id `adId` names, as a JSON array (null when none),
 * for a column of the screen's list query: reviewed ones with weight > 0, in test order, as
 * reviewed (a pending change is not shown).
 */
export const screenVariantsSql = (adId: SQL | AnyColumn) => sql`(
  select json_agg(json_build_object(
      'id', ${adVariants.id}, 'label', ${adVariants.label}, 'type', ${adVariants.type},
      'media_url', ${adVariants.mediaUrl}, 'duration_seconds', ${adVariants.durationSeconds}, 'weight', ${adVariants.weight},
      'link', case when ${adVariants.linkCode} is not null and ${adVariants.linkUrl} is not null
        then json_build_object('code', ${adVariants.linkCode}, 'url', ${adVariants.linkUrl}) end
    ) order by lower(${adVariants.label}), ${adVariants.id})
  from ${adVariants}
  where ${adVariants.adId} = ${adId} and ${adVariants.weight} > 0 and ${adVariants.reviewed})`;
