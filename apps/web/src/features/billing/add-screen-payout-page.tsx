import { ArrowLeftIcon, WalletIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function AddScreenPayoutPage() {
  return (
    <PageShell description="Record a payout to an outlet for the plays on its screens.">
      <EmptyState
        icon={WalletIcon}
        title="Nothing here yet"
        description="The form to add a screen payout will appear here: the outlet, period, amount and currency."
      >
        <PageLinkButton
          to="/dashboard/billing/payouts"
          icon={ArrowLeftIcon}
          label="Back to Screen payouts"
          variant="outline"
        />
      </EmptyState>
    </PageShell>
  );
}
