import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/form/field';
import { Input } from '@/components/ui/input';
import { fromLocalInput, toLocalInput } from '@/features/billing/lib/local-datetime';

/** An instant typed on the viewer's clock in a `datetime-local` box, kept as ISO 8601. */
export function DateTimeField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>(
  props: FieldProps<TValues, TName, TTransformed>,
) {
  return (
    <Field {...props}>
      {(field) => (
        <Input
          type="datetime-local"
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={toLocalInput(field.value)}
          onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
        />
      )}
    </Field>
  );
}
