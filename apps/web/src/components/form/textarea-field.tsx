import type { ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/form/field';
import { Textarea } from '@/components/ui/textarea';

type TextareaProps = Omit<
  ComponentProps<typeof Textarea>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className'
>;

/** A text area; the other props (rows, placeholder…) reach it. */
export function TextareaField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  description,
  className,
  ...textareaProps
}: FieldProps<TValues, TName, TTransformed> & TextareaProps) {
  return (
    <Field control={control} name={name} label={label} description={description} className={className}>
      {(field) => <Textarea {...textareaProps} {...field} value={field.value ?? ''} />}
    </Field>
  );
}
