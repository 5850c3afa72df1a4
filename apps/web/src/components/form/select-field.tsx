import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/form/field';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';

/** The browser's own select over a fixed list of values, each shown by its label (or as itself). */
export function SelectField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  options,
  labels,
  ...props
}: FieldProps<TValues, TName, TTransformed> & {
  options: readonly string[];
  labels?: Readonly<Record<string, ReactNode>>;
}) {
  return (
    <Field {...props}>
      {(field) => (
        <NativeSelect {...field}>
          {options.map((option) => (
            <NativeSelectOption key={option} value={option}>
              {labels?.[option] ?? option}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
