import type { ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/form/field';
import { Input } from '@/components/ui/input';

type InputProps = Omit<
  ComponentProps<typeof Input>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className'
>;

/** A text box (text, email, tel, url, time…); a null value shows empty. The other props reach the input. */
export function TextField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  description,
  className,
  inputClassName,
  uppercase = false,
  ...inputProps
}: FieldProps<TValues, TName, TTransformed> &
  InputProps & {
    inputClassName?: string;
    /** Keeps what is typed in upper case (codes). */
    uppercase?: boolean;
  }) {
  return (
    <Field control={control} name={name} label={label} description={description} className={className}>
      {(field) => (
        <Input
          {...inputProps}
          {...field}
          className={inputClassName}
          value={field.value ?? ''}
          onChange={uppercase ? (event) => field.onChange(event.target.value.toUpperCase()) : field.onChange}
        />
      )}
    </Field>
  );
}
