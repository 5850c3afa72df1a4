import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldProps } from '@/components/form/field';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';

/**
 * An on/off setting in a bordered row: label and description on the left, the switch on the right.
 * `values` are what on and off stand for (true and false unless given); an unset value reads as on.
 */
export function SwitchField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  description,
  values = [true, false],
}: Omit<FieldProps<TValues, TName, TTransformed>, 'className'> & { values?: readonly [on: unknown, off: unknown] }) {
  const [on, off] = values;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-4">
          <div className="space-y-1">
            <FormLabel>{label}</FormLabel>
            <FormDescription>{description}</FormDescription>
          </div>
          <FormControl>
            <Switch
              checked={(field.value ?? on) === on}
              onCheckedChange={(checked) => field.onChange(checked ? on : off)}
            />
          </FormControl>
        </FormItem>
      )}
    />
  );
}
