import { type AdTransaction, adTransactionUpdateSchema } from '@adloop/contract/billing';
import { useForm } from 'react-hook-form';
import { FormDialog, FormDialogFooter } from '@/components/form/form-dialog';
import { TextField } from '@/components/form/text-field';
import { Form } from '@/components/ui/form';
import { TransactionStatusField } from '@/features/billing/components/transaction-status-field';
import { TRANSACTION_STATUS_LABELS } from '@/features/billing/lib/labels';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { formatMoney } from '@/lib/money';
import { adTransactionResource } from '@/lib/resources/ad-transactions';
import { useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

function UpdateTransactionForm({ transaction, onDone }: { transaction: AdTransaction; onDone: () => void }) {
  const update = useUpdateResource(adTransactionResource);
  const form = useForm({
    resolver: formResolver(adTransactionUpdateSchema, { blankAsNull: ['reference'] }),
    defaultValues: { status: transaction.status, reference: transaction.reference ?? '' },
  });
  const onSubmit = form.handleSubmit(async (changes) => {
    try {
      await update.mutateAsync({ id: transaction.id, changes });
      toast.success('Transaction updated', {
        description: `${transaction.company.name}: ${TRANSACTION_STATUS_LABELS[changes.status].toLowerCase()}.`,
      });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['status', 'reference']);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TransactionStatusField control={form.control} name="status" />
        <TextField
          control={form.control}
          name="reference"
          label="Reference"
          placeholder="Bank, UPI or invoice reference"
        />
        <FormDialogFooter
          onCancel={onDone}
          submitLabel="Save"
          pending={form.formState.isSubmitting}
          disabled={!form.formState.isDirty}
        />
      </form>
    </Form>
  );
}

/** Moves a transaction on (pending → completed, refunded…) and records its reference; the amount stays. */
export function UpdateTransactionDialog({
  transaction,
  onClose,
}: {
  transaction: AdTransaction | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={transaction !== null}
      onClose={onClose}
      title="Update transaction"
      description={
        transaction
          ? `${formatMoney(transaction.amount_minor, transaction.currency)} from ${transaction.company.name}. The amount cannot change; add a new transaction for a correction.`
          : null
      }
    >
      {transaction ? <UpdateTransactionForm key={transaction.id} transaction={transaction} onDone={onClose} /> : null}
    </FormDialog>
  );
}
