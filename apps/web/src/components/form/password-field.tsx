import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/form/field';
import { PasswordInput } from '@/components/password-input';

/** A password box with its show/hide button. */
export function PasswordField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  autoComplete,
  ...props
}: FieldProps<TValues, TName, TTransformed> & { autoComplete: 'current-password' | 'new-password' }) {
  return <Field {...props}>{(field) => <PasswordInput autoComplete={autoComplete} {...field} />}</Field>;
}
