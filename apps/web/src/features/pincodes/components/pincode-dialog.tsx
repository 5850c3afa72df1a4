import { type Pincode, pincodeCreateSchema } from '@adloop/contract/pincodes';
import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { IndianStateSelect } from '@/components/indian-state-select';
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
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { pincodeResource } from '@/lib/resources/pincodes';
import { useCreateResource, useUpdateResource } from '@/lib/resources/use-resource-mutation';

const FIELDS = ['code', 'city', 'state'] as const;

function PincodeForm({ pincode, onDone }: { pincode: Pincode | undefined; onDone: () => void }) {
  const create = useCreateResource(pincodeResource);
  const update = useUpdateResource(pincodeResource);
  const form = useForm({
    resolver: formResolver(pincodeCreateSchema),
    defaultValues: { code: pincode?.code ?? '', city: pincode?.city ?? '', state: pincode?.state ?? '' },
  });

  const onSubmit = form.handleSubmit(async ({ code, city, state }) => {
    try {
      const saved = pincode
        ? await update.mutateAsync({ id: code, changes: { city, state } })
        : await create.mutateAsync({ code, city, state });
      toast.success(pincode ? `Pincode ${saved.code} saved` : `Pincode ${saved.code} added`, {
        description: `${saved.city}, ${saved.state}`,
      });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, 'code');
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Pincode</FormLabel>
              <FormControl>
                <Input
                  inputMode="numeric"
                  maxLength={6}
                  placeholder="560034"
                  className="font-mono"
                  disabled={Boolean(pincode)}
                  {...field}
                />
              </FormControl>
              {pincode ? <FormDescription>A pincode's digits cannot change.</FormDescription> : null}
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="city"
          render={({ field }) => (
            <FormItem>
              <FormLabel>City</FormLabel>
              <FormControl>
                <Input placeholder="Bengaluru" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="state"
          render={({ field }) => (
            <FormItem>
              <FormLabel>State</FormLabel>
              <FormControl>
                <IndianStateSelect
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
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
          <Button type="submit" disabled={form.formState.isSubmitting || (Boolean(pincode) && !form.formState.isDirty)}>
            {form.formState.isSubmitting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {pincode ? 'Save' : 'Add pincode'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** Adds a pincode, or corrects the city or state of one; `pincode` undefined adds. */
export function PincodeDialog({
  open,
  pincode,
  onClose,
}: {
  open: boolean;
  pincode: Pincode | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pincode ? `Edit pincode ${pincode.code}` : 'Add a pincode'}</DialogTitle>
          <DialogDescription>
            {pincode
              ? 'Correct its city or state. Outlets already in it keep the city they were saved with.'
              : 'Outlets onboarded in it then get its city and state filled in.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <PincodeForm key={pincode?.code ?? 'new'} pincode={pincode} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
