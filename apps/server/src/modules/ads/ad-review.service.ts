import type { Ad, AdStatus, RevisionAction } from '@adloop/contract/ads';
import type { Action } from '@adloop/contract/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { adRevisions, ads } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, forbidden } from '../../lib/http-error.ts';
import { reachesAll } from '../../lib/scope.ts';
import { closeRevision, reviewVariantsOf } from './ad-revision-store.ts';
import { changeableAd, getAd, isLive, saveAdEdit } from './ads.service.ts';

export const REVIEW_ACTIONS = ['submit', 'approve', 'reject', 'pause', 'resume'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** Which matrix action each step of the review takes. */
export const REVIEW_GRANTS: Record<ReviewAction, Action> = {
  submit: 'update',
  approve: 'approve',
  reject: 'approve',
  pause: 'pause',
  resume: 'pause',
};

/**
 * The review workflow (decision 009): draft → pending review → active ⇄ paused, or rejected
 * with a reason and submitted again. Who may take each step is the matrix's business
 * (submit: update, approve/reject: approve, pause/resume: pause).
 */
export const TRANSITIONS: Record<ReviewAction, { from: readonly AdStatus[]; to: AdStatus }> = {
  submit: { from: ['DRAFT', 'REJECTED'], to: 'PENDING_REVIEW' },
  approve: { from: ['PENDING_REVIEW', 'PAUSED'], to: 'ACTIVE' },
  reject: { from: ['PENDING_REVIEW', 'ACTIVE', 'PAUSED'], to: 'REJECTED' },
  pause: { from: ['ACTIVE'], to: 'PAUSED' },
  resume: { from: ['PAUSED'], to: 'ACTIVE' },
};

/**
 * Moves an ad one step. The status check and the write are one statement, so two reviewers
 * acting at once cannot both succeed; the loser gets a 409 naming the ad's status.
 */
export async function reviewAd(ctx: ServiceContext, id: string, action: ReviewAction, reason?: string): Promise<Ad> {
  const { db, caller } = ctx;
  // Outlet staff move only their house content through these steps (decision 090).
  const ad = await changeableAd(ctx, id, REVIEW_GRANTS[action]);
  const { from, to } = TRANSITIONS[action];
  const byPlatform = reachesAll(caller);
  const guards = [eq(ads.id, id), inArray(ads.status, [...from])];
  if (action === 'resume' && !byPlatform) {
    const [row] = await db.select({ pausedByAdmin: ads.pausedByAdmin }).from(ads).where(eq(ads.id, id));
    if (row?.pausedByAdmin) throw forbidden('A global admin paused this ad; only a global admin can resume it');
    guards.push(eq(ads.pausedByAdmin, false));
  }
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(ads)
      .set({
        status: to,
        rejectionReason: to === 'REJECTED' ? (reason ?? null) : null,
        pausedByAdmin: to === 'PAUSED' && byPlatform,
        updatedAt: sql`now()`,
      })
      .where(and(...guards))
      .returning({ id: ads.id });
    if (!row) return false;
    // Approving an ad approves its variants with it; taking a live ad down turns down its pending edit too.
    if (action === 'approve' && ad.status === 'PENDING_REVIEW') await reviewVariantsOf(tx, id);
    if (to === 'REJECTED' && isLive(ad.status))
      await closeRevision(tx, id, reason ?? 'The ad was rejected', caller.userId);
    return true;
  });
  if (!moved) {
    const now = await getAd(ctx, id);
    throw conflict(`Cannot ${action} an ad that is ${now.status}: ${action} moves ${from.join(' or ')} to ${to}`);
  }
  await ctx.emit({ type: 'ads.changed', adIds: [id] });
  return getAd(ctx, ad.id);
}

/**
 * A global admin's answer to an ad's pending content edit (decision 038). Approval swaps the
 * edit in as the ad's next version (credited to its author) and shows its variants; rejection
 * keeps the reviewed version on screens and tells the advertiser why. Claiming the pending edit
 * and answering it are one transaction, so two reviewers cannot both answer it.
 */
export async function answerRevision(
  ctx: ServiceContext,
  id: string,
  action: RevisionAction,
  reason?: string,
): Promise<Ad> {
  const { db, caller } = ctx;
  const ad = await getAd(ctx, id);
  const answered = await db.transaction(async (tx) => {
    if (action === 'reject') return closeRevision(tx, id, reason ?? '', caller.userId);
    const [revision] = await tx
      .delete(adRevisions)
      .where(and(eq(adRevisions.adId, id), eq(adRevisions.status, 'PENDING')))
      .returning();
    if (!revision) return false;
    if (Object.keys(revision.changes).length > 0) {
      await saveAdEdit(tx, id, ad.type, revision.changes, revision.submittedBy);
    }
    await reviewVariantsOf(tx, id);
    return true;
  });
  if (!answered) throw conflict(`"${ad.title}" has no edit waiting for review`);
  // A rejected edit never reached screens: they keep what they show.
  if (action === 'approve') await ctx.emit({ type: 'ads.changed', adIds: [id] });
  return getAd(ctx, id);
}
