import type { OutletUpdate } from '@adloop/contract/outlets';
import type { Pincode } from '@adloop/contract/pincodes';
import { CircleAlertIcon, Loader2Icon, MapPinIcon, MapPinPlusIcon } from 'lucide-react';
import type { Control } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { TextField } from '@/components/form/text-field';
import { IndianStateSelect } from '@/components/indian-state-select';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type OutletPlaceFieldsProps = {
  control: Control<OutletUpdate>;
  /** The typed pincode's city and state; null when AdLoop does not know it; undefined before a lookup. */
  pincode: Pincode | null | undefined;
  lookingUp: boolean;
  /** Whether this person may add an unknown pincode with the outlet (decision 047). */
  mayAddPincode: boolean;
};

function PincodeNote({ pincode, lookingUp, mayAddPincode }: Omit<OutletPlaceFieldsProps, 'control'>) {
  if (lookingUp) {
    return (
      <FormDescription className="flex items-center gap-1.5">
        <Loader2Icon className="size-3.5 animate-spin" aria-hidden="true" />
        Looking up the pincode…
      </FormDescription>
    );
  }
  if (pincode) {
    return (
      <FormDescription className="flex items-center gap-1.5">
        <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
        {pincode.city}, {pincode.state}
      </FormDescription>
    );
  }
  if (pincode === null && mayAddPincode) {
    return (
      <FormDescription className="flex items-start gap-1.5">
        <MapPinPlusIcon className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
        New to AdLoop: give its city and state, and it is added to Pincodes with this outlet.
      </FormDescription>
    );
  }
  if (pincode === null) {
    return (
      <FormDescription className="flex items-start gap-1.5 text-amber-700 dark:text-amber-400">
        <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        Not in AdLoop yet: an AdLoop admin adds it under Pincodes.
      </FormDescription>
    );
  }
  return <FormDescription>Six digits; its city and state fill in.</FormDescription>;
}

/** Pincode, city and — for a pincode AdLoop does not know yet — its state. */
export function OutletPlaceFields({ control, pincode, lookingUp, mayAddPincode }: OutletPlaceFieldsProps) {
  const asksState = pincode === null && mayAddPincode;
  return (
    <div className="grid items-start gap-6 sm:grid-cols-2">
      <FormField
        control={control}
        name="pincode"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Pincode</FormLabel>
            <FormControl>
              <Input
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                placeholder="e.g. 560038"
                {...field}
                value={field.value ?? ''}
              />
            </FormControl>
            <PincodeNote pincode={pincode} lookingUp={lookingUp} mayAddPincode={mayAddPincode} />
            <FormMessage />
          </FormItem>
        )}
      />
      <TextField
        control={control}
        name="city"
        label="City"
        placeholder="e.g. Bengaluru"
        autoComplete="address-level2"
      />
      {asksState ? (
        <Field control={control} name="state" label="State" description="Saved with the new pincode.">
          {(field) => <IndianStateSelect {...field} />}
        </Field>
      ) : null}
    </div>
  );
}
