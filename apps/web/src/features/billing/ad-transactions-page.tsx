import { can } from '@adloop/contract/permissions';
import { PlusIcon, ReceiptIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { useAuth } from '@/lib/auth-context';

export function AdTransactionsPage() {
  const { user } = useAuth();

  return (
    <PageShell
      description="Payments advertisers make for their ads to play."
      actions={
        can(user.role, 'adTransactions', 'create') ? (
          <PageLinkButton to="/dashboard/billing/transactions/add" icon={PlusIcon} label="Add ad transaction" />
        ) : null
      }
    >
      <EmptyState
        icon={ReceiptIcon}
        title="Nothing here yet"
        description="Ad transactions will appear here with their company, amount and date."
      />
    </PageShell>
  );
}
