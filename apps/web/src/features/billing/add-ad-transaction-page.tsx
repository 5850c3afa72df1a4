import type { AdTransactionCreate } from '@adloop/contract/billing';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { AdTransactionForm } from '@/features/billing/components/ad-transaction-form';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { adTransactionResource } from '@/lib/resources/ad-transactions';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

export function AddAdTransactionPage() {
  const navigate = useNavigate();
  const create = useCreateResource(adTransactionResource);

  const onSave = async (values: AdTransactionCreate) => {
    const transaction = await create.mutateAsync(values);
    toast.success('Transaction added', {
      description: `${formatMoney(transaction.amount_minor, transaction.currency)} from ${transaction.company.name}.`,
    });
    navigate(paths.adTransactions.getHref());
  };

  return (
    <PageShell description="Record a payment an advertiser made, or one they owe, for their ads to play.">
      <AdTransactionForm onSave={onSave} />
    </PageShell>
  );
}
