import { type ScreenPayout, screenPayoutPaySchema } from '@adloop/contract/billing';
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
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { usePayScreenPayout } from '@/features/billing/api/pay-screen-payout';
import { fromLocalInput, toLocalInput } from '@/features/billing/lib/local-datetime';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { formatMoney } from '@/lib/money';

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
        <FormField
          control={form.control}
          name="reference"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Payment reference</FormLabel>
              <FormControl>
                <Input placeholder="e.g. UTR or UPI transaction id" {...field} />
              </FormControl>
              <FormDescription>So the outlet can match it on their statement.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="paid_at"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Paid on</FormLabel>
              <FormControl>
                <Input
                  type="datetime-local"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={toLocalInput(field.value)}
                  onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            Mark as paid
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** Records that the money reached the outlet; a paid payout cannot be paid again. */
export function PayPayoutDialog({ payout, onClose }: { payout: ScreenPayout | null; onClose: () => void }) {
  return (
    <Dialog open={payout !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark payout as paid</DialogTitle>
          <DialogDescription>
            {payout
              ? `${formatMoney(payout.amount_minor, payout.currency)} to ${payout.outlet.name} for screen ${payout.screen.screen_code}, ${payout.period_start} to ${payout.period_end}.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {payout ? <PayPayoutForm key={payout.id} payout={payout} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
