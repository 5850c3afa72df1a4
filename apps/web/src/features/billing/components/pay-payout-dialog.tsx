import { type ScreenPayout, screenPayoutPaySchema } from '@adloop/contract/billing';
import { useForm } from 'react-hook-form';
import { FormDialog, FormDialogFooter } from '@/components/form/form-dialog';
import { TextField } from '@/components/form/text-field';
import { Form } from '@/components/ui/form';
import { usePayScreenPayout } from '@/features/billing/api/pay-screen-payout';
import { DateTimeField } from '@/features/billing/components/date-time-field';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';

function PayPayoutForm({ payout, onDone }: { payout: ScreenPayout; onDone: () => void }) {
  const pay = usePayScreenPayout();
  const form = useForm({
    resolver: formResolver(screenPayoutPaySchema),
    defaultValues: { reference: '', paid_at: new Date().toISOString() },
  });
  const onSubmit = form.handleSubmit(async (payment) => {
    try {
      await pay.mutateAsync({ id: payout.id, payment });
      toast.success('Payout marked as paid', {
        description: `${formatMoney(payout.amount_minor, payout.currency)} to ${payout.outlet.name}.`,
      });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reference', 'paid_at'], 'reference');
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="reference"
          label="Payment reference"
          description="So the outlet can match it on their statement."
          placeholder="e.g. UTR or UPI transaction id"
        />
        <DateTimeField control={form.control} name="paid_at" label="Paid on" />
        <FormDialogFooter onCancel={onDone} submitLabel="Mark as paid" pending={form.formState.isSubmitting} />
      </form>
    </Form>
  );
}

/** Records that the money reached the outlet; a paid payout cannot be paid again. */
export function PayPayoutDialog({ payout, onClose }: { payout: ScreenPayout | null; onClose: () => void }) {
  return (
    <FormDialog
      open={payout !== null}
      onClose={onClose}
      title="Mark payout as paid"
      description={
        payout
          ? `${formatMoney(payout.amount_minor, payout.currency)} to ${payout.outlet.name} for screen ${payout.screen.screen_code}, ${payout.period_start} to ${payout.period_end}.`
          : null
      }
    >
      {payout ? <PayPayoutForm key={payout.id} payout={payout} onDone={onClose} /> : null}
    </FormDialog>
  );
}
