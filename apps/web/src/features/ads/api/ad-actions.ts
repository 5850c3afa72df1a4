import { type Ad, adRejectSchema, adSchema, type RevisionAction } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { http } from '@/lib/http';
import { adResource } from '@/lib/resources/ads';
import { storeDetail, useResourceMutation } from '@/lib/resources/use-resource-mutation';

const adResponseSchema = one(adSchema);

async function postAdAction(path: string, body?: unknown) {
  return adResponseSchema.parse(await http.post<unknown>(`/api/ads/${path}`, body)).data;
}

/** An action that answers the ad: stored as the ad's detail, and every view of ads refreshed. */
function useAdAction<Variables>(mutationFn: (variables: Variables) => Promise<Ad>) {
  return useResourceMutation({ mutationFn, changes: adResource.changes, settle: storeDetail(adResource) });
}

/** The review workflow: draft → pending review → active / rejected; active ⇄ paused. */
export type AdTransition =
  | { id: string; action: 'submit' | 'approve' | 'pause' | 'resume' }
  | { id: string; action: 'reject'; reason: string };

/** POST /api/ads/:id/submit | approve | reject | pause | resume. */
export function transitionAd(transition: AdTransition) {
  const path = `${encodeURIComponent(transition.id)}/${transition.action}`;
  return transition.action === 'reject'
    ? postAdAction(path, adRejectSchema.parse({ reason: transition.reason }))
    : postAdAction(path);
}

export type RevisionAnswer = { id: string; action: RevisionAction; reason?: string };

/** POST /api/ads/:id/revision/approve | reject: a reviewer's answer to an ad's pending edit (decision 038). */
export function answerRevision({ id, action, reason }: RevisionAnswer) {
  const path = `${encodeURIComponent(id)}/revision/${action}`;
  return action === 'reject' ? postAdAction(path, adRejectSchema.parse({ reason })) : postAdAction(path);
}

/** Copies an earlier version's creative onto the ad as a new version; screens are told. */
export function rollbackAd({ id, version }: { id: string; version: number }) {
  return postAdAction(`${encodeURIComponent(id)}/versions/${version}/rollback`);
}

export const useTransitionAd = () => useAdAction(transitionAd);
// Approval may change the variants and adds a version to the history: the whole ad refreshes.
export const useAnswerRevision = () => useAdAction(answerRevision);
export const useRollbackAd = () => useAdAction(rollbackAd);
