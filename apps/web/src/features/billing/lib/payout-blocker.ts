import type { ScreenPayoutProposal } from '@adloop/contract/billing';
import { periodReachesTodayMessage } from '@adloop/contract/payout-period';
import { formatPeriod } from '@/features/billing/lib/period';

export type PayoutFormState = {
  target: 'screen' | 'outlet';
  chosen: boolean;
  period: { start: string; end: string } | null;
  /** The last day a period may end on, and the outlet's zone it was read in (decision 050). */
  lastDay: string;
  timeZone: string;
  proposal: ScreenPayoutProposal | undefined;
  /** The proposal shown is not yet for the values in the form (typing paused, or still fetching). */
  working: boolean;
  failed: boolean;
};

/**
 * Why the payout cannot be created yet, in words shown beside the button; null when it can.
 * The server refuses the same cases (decision 050), so a click never ends in a ₹0 or second payout.
 */
export function payoutBlocker(state: PayoutFormState): string | null {
  if (!state.chosen) return state.target === 'outlet' ? 'Choose an outlet to pay.' : 'Choose a screen to pay.';
  if (!state.period) return 'Choose the days to pay for.';
  if (state.period.end > state.lastDay) return `${periodReachesTodayMessage(state.timeZone)}.`;
  if (state.failed) return 'The payout could not be worked out for these choices.';
  if (state.working || !state.proposal) return 'Working out the payout…';
  const { lines, total_minor } = state.proposal;
  if (lines.length === 0) return 'This outlet has no screens to pay for.';
  const paid = lines.find((line) => line.already_paid);
  if (paid) {
    return `Screen ${paid.screen_code} already has a payout covering part of ${formatPeriod(state.period.start, state.period.end)}: a period is never paid twice.`;
  }
  if (total_minor === 0) {
    return lines.some((line) => line.plays > 0)
      ? "Nothing to pay: AdLoop's commission takes the whole value of these plays."
      : 'Nothing to pay: there were no plays in this period.';
  }
  return null;
}
