import { randomBytes } from 'node:crypto';
import { AD_CONTENT_FIELDS, type Ad, type AdContent, type AdRevision } from '@adloop/contract/ads';
import { LINK_CODE_LENGTH } from '@adloop/contract/variants';
import { and, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adRevisions, adVariants, users } from '../../db/schema.ts';
import type { Transaction } from './ad-version-log.ts';

type RevisionRow = typeof adRevisions.$inferSelect;
type Reader = Database | Transaction;

/** A variant is part of its ad's edit while it waits: new and never reviewed, or with a pending change. */
const awaitingReview = or(eq(adVariants.reviewed, false), isNotNull(adVariants.pending));

/** Proposed content without the fields that equal what screens show, so a revert un-proposes a field. */
function differences(ad: AdContent, proposed: Partial<AdContent>): Partial<AdContent> {
  const changes: Partial<AdContent> = {};
  for (const field of AD_CONTENT_FIELDS) {
    if (proposed[field] !== undefined && proposed[field] !== ad[field])
      Object.assign(changes, { [field]: proposed[field] });
  }
  return changes;
}

/** The edits under review (or last rejected) of these ads, with what each changes (decision 038). */
export async function revisionsOf(db: Reader, shown: Ad[]): Promise<Map<string, AdRevision>> {
  const byAd = new Map<string, AdRevision>();
  const ids = shown.map((ad) => ad.id);
  if (ids.length === 0) return byAd;
  const [rows, variantCounts] = await Promise.all([
    db
      .select({ revision: adRevisions, submitterName: users.name })
      .from(adRevisions)
      .leftJoin(users, eq(users.id, adRevisions.submittedBy))
      .where(inArray(adRevisions.adId, ids)),
    db
      .select({ adId: adVariants.adId, variants: count() })
      .from(adVariants)
      .where(and(inArray(adVariants.adId, ids), awaitingReview))
      .groupBy(adVariants.adId),
  ]);
  const counts = new Map(variantCounts.map((row) => [row.adId, row.variants]));
  for (const { revision, submitterName } of rows) {
    const ad = shown.find((candidate) => candidate.id === revision.adId)!;
    byAd.set(revision.adId, {
      status: revision.status,
      changes: AD_CONTENT_FIELDS.filter((field) => revision.changes[field] !== undefined).map((field) => ({
        field,
        from: ad[field],
        to: revision.changes[field] ?? null,
      })),
      variants: counts.get(revision.adId) ?? 0,
      rejection_reason: revision.rejectionReason,
      submitted_by:
        revision.submittedBy && submitterName !== null ? { id: revision.submittedBy, name: submitterName } : null,
      submitted_at: revision.submittedAt.toISOString(),
      reviewed_at: revision.reviewedAt?.toISOString() ?? null,
    });
  }
  return byAd;
}

async function lockedRevision(tx: Transaction, adId: string): Promise<RevisionRow | undefined> {
  const [row] = await tx.select().from(adRevisions).where(eq(adRevisions.adId, adId)).for('update');
  return row;
}

/**
 * Holds an advertiser's content edit of a live ad for review, merged into the edit already
 * waiting (a rejected one is done with: this starts afresh). Screens keep the ad as it is.
 */
export async function proposeContent(
  tx: Transaction,
  ad: Ad,
  proposed: Partial<AdContent>,
  userId: string,
): Promise<void> {
  const before = await lockedRevision(tx, ad.id);
  const merged = { ...(before?.status === 'PENDING' ? before.changes : {}), ...proposed };
  // Videos play to their end; only images have a duration.
  if ((merged.type ?? ad.type) === 'VIDEO') merged.duration_seconds = null;
  await saveRevision(tx, ad.id, differences(ad, merged), userId);
}

/** Marks the ad's edit as waiting for review because of a variant (its own fields unchanged). */
export async function proposeVariantChange(tx: Transaction, adId: string, userId: string): Promise<void> {
  const before = await lockedRevision(tx, adId);
  await saveRevision(tx, adId, before?.status === 'PENDING' ? before.changes : {}, userId);
}

async function saveRevision(tx: Transaction, adId: string, changes: Partial<AdContent>, userId: string) {
  const fields = {
    status: 'PENDING' as const,
    changes,
    rejectionReason: null,
    submittedBy: userId,
    submittedAt: sql`now()`,
    reviewedBy: null,
    reviewedAt: null,
  };
  await tx
    .insert(adRevisions)
    .values({ adId, ...fields })
    .onConflictDoUpdate({ target: adRevisions.adId, set: fields });
  await settleRevision(tx, adId);
}

/** After a reviewer's own edit of the ad, its pending edit keeps only what still differs from it. */
export async function rebaseRevision(tx: Transaction, adId: string, now: AdContent): Promise<void> {
  const before = await lockedRevision(tx, adId);
  if (before?.status !== 'PENDING') return;
  await tx
    .update(adRevisions)
    .set({ changes: differences(now, before.changes) })
    .where(eq(adRevisions.adId, adId));
  await settleRevision(tx, adId);
}

/** A pending edit that no longer changes anything (fields reverted, new variant removed) is dropped. */
export async function settleRevision(tx: Reader, adId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${adRevisions}
    where ${adRevisions.adId} = ${adId} and ${adRevisions.status} = 'PENDING' and ${adRevisions.changes} = '{}'::jsonb
      and not exists (select 1 from ${adVariants} where ${adVariants.adId} = ${adId} and ${awaitingReview})`);
}

/** A short, random, URL-safe code for `/r/<code>`: 48 random bits in base64url. */
export const newLinkCode = () => randomBytes(6).toString('base64url').slice(0, LINK_CODE_LENGTH);

/**
 * Everything of the ad's variants awaiting review passes: pending changes replace what screens
 * show, new variants start showing. A link keeps its code; a first link gets one.
 */
export async function reviewVariantsOf(tx: Transaction, adId: string): Promise<void> {
  const waiting = await tx
    .select()
    .from(adVariants)
    .where(and(eq(adVariants.adId, adId), awaitingReview));
  for (const variant of waiting) {
    const pending = variant.pending ?? {};
    const linkUrl = pending.link_url !== undefined ? pending.link_url : variant.linkUrl;
    await tx
      .update(adVariants)
      .set({
        type: pending.type ?? variant.type,
        mediaUrl: pending.media_url ?? variant.mediaUrl,
        durationSeconds: pending.duration_seconds !== undefined ? pending.duration_seconds : variant.durationSeconds,
        linkUrl,
        linkCode: linkUrl === null ? null : (variant.linkCode ?? newLinkCode()),
        reviewed: true,
        pending: null,
        updatedAt: sql`now()`,
      })
      .where(eq(adVariants.id, variant.id));
  }
}

/**
 * Turns down the ad's pending edit with a reason the advertiser sees; screens keep the reviewed
 * version. Variants' pending changes are dropped; a new variant stays unshown until edited and
 * approved. Answers whether an edit was pending (the check and the write are one statement).
 */
export async function closeRevision(tx: Transaction, adId: string, reason: string, reviewerId: string) {
  const [closed] = await tx
    .update(adRevisions)
    .set({ status: 'REJECTED', rejectionReason: reason, reviewedBy: reviewerId, reviewedAt: sql`now()` })
    .where(and(eq(adRevisions.adId, adId), eq(adRevisions.status, 'PENDING')))
    .returning({ adId: adRevisions.adId });
  if (!closed) return false;
  await tx
    .update(adVariants)
    .set({ pending: null })
    .where(and(eq(adVariants.adId, adId), isNotNull(adVariants.pending)));
  return true;
}
