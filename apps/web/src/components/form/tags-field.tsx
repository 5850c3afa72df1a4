import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/form/field';
import { TagInput } from '@/components/tag-input';

/** A list of tags, each added with Enter. */
export function TagsField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  placeholder,
  ...props
}: FieldProps<TValues, TName, TTransformed> & { placeholder: string }) {
  return (
    <Field {...props}>
      {(field) => <TagInput value={field.value ?? []} onChange={field.onChange} placeholder={placeholder} />}
    </Field>
  );
}
