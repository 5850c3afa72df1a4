import type { Ad, AdStatus } from '@adloop/contract/ads';
import type { Scope } from '@adloop/contract/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import { conflict, forbidden } from '../../lib/http-error.ts';
import type { Tenancy } from '../tenancy/tenancy.service.ts';
import { getAd } from './ads.service.ts';

export const REVIEW_ACTIONS = ['submit', 'approve', 'reject', 'pause', 'resume'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

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
export async function reviewAd(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  id: string,
  action: ReviewAction,
  reason?: string,
): Promise<Ad> {
  const ad = await getAd(db, tenancy, scope, id);
  const { from, to } = TRANSITIONS[action];
  const byPlatform = scope === 'all';
  const guards = [eq(ads.id, id), inArray(ads.status, [...from])];
  if (action === 'resume' && !byPlatform) {
    const [row] = await db.select({ pausedByAdmin: ads.pausedByAdmin }).from(ads).where(eq(ads.id, id));
    if (row?.pausedByAdmin) throw forbidden('A global admin paused this ad; only a global admin can resume it');
    guards.push(eq(ads.pausedByAdmin, false));
  }
  const [moved] = await db
    .update(ads)
    .set({
      status: to,
      rejectionReason: to === 'REJECTED' ? (reason ?? null) : null,
      pausedByAdmin: to === 'PAUSED' && byPlatform,
      updatedAt: sql`now()`,
    })
    .where(and(...guards))
    .returning({ id: ads.id });
  if (!moved) {
    const now = await getAd(db, tenancy, scope, id);
    throw conflict(`Cannot ${action} an ad that is ${now.status}: ${action} moves ${from.join(' or ')} to ${to}`);
  }
  return getAd(db, tenancy, scope, ad.id);
}
