import type { Ad } from '@adloop/contract/ads';
import { mayChangeAd } from '@adloop/contract/house-content';
import { can } from '@adloop/contract/permissions';
import type { Role } from '@adloop/contract/roles';
import { CheckIcon, type LucideIcon, PauseIcon, PlayIcon, SendIcon, XIcon } from 'lucide-react';

export type AdAction = 'submit' | 'approve' | 'reject' | 'pause' | 'resume';

export const AD_ACTIONS: Record<AdAction, { label: string; icon: LucideIcon; done: string }> = {
  submit: { label: 'Submit for review', icon: SendIcon, done: 'Ad submitted for review' },
  approve: { label: 'Approve', icon: CheckIcon, done: 'Ad approved: screens start playing it' },
  reject: { label: 'Reject', icon: XIcon, done: 'Ad rejected' },
  pause: { label: 'Pause', icon: PauseIcon, done: 'Ad paused: screens stop playing it' },
  resume: { label: 'Resume', icon: PlayIcon, done: 'Ad resumed' },
};

/**
 * The review workflow's next steps for this role and ad (decision 009): draft or rejected ads
 * go to review; only a global admin approves, or rejects, also an ad already on screens (a
 * takedown); a running ad can be paused and resumed. Outlet staff step only their house content
 * (decision 090).
 */
export function availableAdActions(
  role: Role,
  ad: Pick<Ad, 'status' | 'paused_by_admin' | 'house_outlet_id'>,
): AdAction[] {
  const actions: AdAction[] = [];
  const { status } = ad;
  // A pause by a global admin is theirs to lift (decision 009).
  const mayResume = !ad.paused_by_admin || can(role, 'ads', 'approve');
  const mayPause = mayChangeAd(role, 'pause', ad);
  if (mayChangeAd(role, 'update', ad) && (status === 'DRAFT' || status === 'REJECTED')) actions.push('submit');
  if (can(role, 'ads', 'approve') && status === 'PENDING_REVIEW') actions.push('approve');
  if (mayPause && status === 'ACTIVE') actions.push('pause');
  if (mayPause && status === 'PAUSED' && mayResume) actions.push('resume');
  if (can(role, 'ads', 'approve') && (status === 'PENDING_REVIEW' || status === 'ACTIVE' || status === 'PAUSED')) {
    actions.push('reject');
  }
  return actions;
}
