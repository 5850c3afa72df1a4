import { type AdTransaction, adTransactionUpdateSchema, TRANSACTION_STATUSES } from '@adloop/contract/billing';
import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useUpdateAdTransaction } from '@/features/billing/api/update-ad-transaction';
import { TRANSACTION_STATUS_LABELS } from '@/features/billing/lib/labels';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { formatMoney } from '@/lib/money';

function UpdateTransactionForm({ transaction, onDone }: { transaction: AdTransaction; onDone: () => void }) {
  const update = useUpdateAdTransaction();
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
        <FormField
          control={form.control}
          name="status"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Status</FormLabel>
              <FormControl>
                <NativeSelect {...field}>
                  {TRANSACTION_STATUSES.map((status) => (
                    <NativeSelectOption key={status} value={status}>
                      {TRANSACTION_STATUS_LABELS[status]}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="reference"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Reference</FormLabel>
              <FormControl>
                <Input placeholder="Bank, UPI or invoice reference" {...field} value={field.value ?? ''} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
            {form.formState.isSubmitting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            Save
          </Button>
        </DialogFooter>
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
    <Dialog open={transaction !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update transaction</DialogTitle>
          <DialogDescription>
            {transaction
              ? `${formatMoney(transaction.amount_minor, transaction.currency)} from ${transaction.company.name}. The amount cannot change; add a new transaction for a correction.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {transaction ? <UpdateTransactionForm key={transaction.id} transaction={transaction} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
