import { can } from '@adloop/contract/permissions';
import { PlusIcon, WalletIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { useAuth } from '@/lib/auth-context';

export function ScreenPayoutsPage() {
  const { user } = useAuth();

  return (
    <PageShell
      description="What outlets are paid for running ads on their screens."
      actions={
        can(user.role, 'screenPayouts', 'create') ? (
          <PageLinkButton to="/dashboard/billing/payouts/add" icon={PlusIcon} label="Add screen payout" />
        ) : null
      }
    >
      <EmptyState
        icon={WalletIcon}
        title="Nothing here yet"
        description="Screen payouts will appear here with their outlet, amount and period."
      />
    </PageShell>
  );
}
