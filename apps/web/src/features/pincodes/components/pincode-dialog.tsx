import { type Pincode, pincodeCreateSchema } from '@adloop/contract/pincodes';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { FormDialog, FormDialogFooter } from '@/components/form/form-dialog';
import { TextField } from '@/components/form/text-field';
import { IndianStateSelect } from '@/components/indian-state-select';
import { Form } from '@/components/ui/form';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { pincodeResource } from '@/lib/resources/pincodes';
import { useCreateResource, useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

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
        <TextField
          control={form.control}
          name="code"
          label="Pincode"
          description={pincode ? "A pincode's digits cannot change." : undefined}
          inputMode="numeric"
          maxLength={6}
          placeholder="e.g. 560034"
          inputClassName="font-mono"
          disabled={Boolean(pincode)}
        />
        <TextField control={form.control} name="city" label="City" placeholder="e.g. Bengaluru" />
        <Field control={form.control} name="state" label="State">
          {(field) => <IndianStateSelect {...field} />}
        </Field>
        <FormDialogFooter
          onCancel={onDone}
          submitLabel={pincode ? 'Save' : 'Add pincode'}
          pending={form.formState.isSubmitting}
          disabled={Boolean(pincode) && !form.formState.isDirty}
        />
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
    <FormDialog
      open={open}
      onClose={onClose}
      title={pincode ? `Edit pincode ${pincode.code}` : 'Add a pincode'}
      description={
        pincode
          ? 'Correct its city or state. Outlets already in it keep the city they were saved with.'
          : 'Outlets onboarded in it then get its city and state filled in.'
      }
    >
      {open ? <PincodeForm key={pincode?.code ?? 'new'} pincode={pincode} onDone={onClose} /> : null}
    </FormDialog>
  );
}
