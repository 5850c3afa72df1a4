import type { ScreenPayoutCreate } from '@adloop/contract/billing';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { ScreenPayoutForm } from '@/features/billing/components/screen-payout-form';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { screenPayoutResource } from '@/lib/resources/screen-payouts';
import { useCreateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

export function AddScreenPayoutPage() {
  const navigate = useNavigate();
  const create = useCreateResource(screenPayoutResource);

  const onSave = async (values: ScreenPayoutCreate) => {
    const payouts = await create.mutateAsync(values);
    const total = payouts.reduce((sum, payout) => sum + payout.amount_minor, 0);
    const currency = payouts[0]?.currency ?? values.currency;
    toast.success(payouts.length === 1 ? 'Payout created' : `${payouts.length} payouts created`, {
      description: `${formatMoney(total, currency)} to pay. Mark it paid once the money is sent.`,
    });
    navigate(paths.screenPayouts.getHref());
  };

  return (
    <PageShell description="Pay an outlet for the plays on its screens over a period, less AdLoop's commission.">
      <ScreenPayoutForm onSave={onSave} />
    </PageShell>
  );
}
