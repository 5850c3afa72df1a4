import type { Ad } from '@adloop/contract/ads';
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
 * The review workflow's next steps for this role and ad: draft or rejected ads go to review,
 * only a global admin approves or rejects, and a running ad can be paused and resumed.
 */
export function availableAdActions(role: Role, ad: Pick<Ad, 'status'>): AdAction[] {
  const actions: AdAction[] = [];
  if (can(role, 'ads', 'update') && (ad.status === 'DRAFT' || ad.status === 'REJECTED')) actions.push('submit');
  if (can(role, 'ads', 'approve') && ad.status === 'PENDING_REVIEW') actions.push('approve', 'reject');
  if (can(role, 'ads', 'pause') && ad.status === 'ACTIVE') actions.push('pause');
  if (can(role, 'ads', 'pause') && ad.status === 'PAUSED') actions.push('resume');
  return actions;
}
