import { ArrowLeftIcon, ReceiptIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function AddAdTransactionPage() {
  return (
    <PageShell description="Record a payment an advertiser made for their ads.">
      <EmptyState
        icon={ReceiptIcon}
        title="Nothing here yet"
        description="The form to add an ad transaction will appear here: the company, amount, currency and date."
      >
        <PageLinkButton
          to="/dashboard/billing/transactions"
          icon={ArrowLeftIcon}
          label="Back to Ad transactions"
          variant="outline"
        />
      </EmptyState>
    </PageShell>
  );
}
