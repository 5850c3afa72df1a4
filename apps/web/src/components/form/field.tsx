import type { ReactElement, ReactNode } from 'react';
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';

/** What every field of a react-hook-form form takes: where its value lives and the words around it. */
export type FieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues> = {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
  label: ReactNode;
  /** Help under the control; none when absent. */
  description?: ReactNode;
  /** Classes of the field's item (its grid cell), not of the control. */
  className?: string;
};

/**
 * One labelled form field: label, the control `children` draws from the field's value and handlers,
 * an optional description and the field's error, tied together by ids and aria attributes.
 */
export function Field<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  description,
  className,
  children,
  frame,
}: FieldProps<TValues, TName, TTransformed> & {
  children: (field: ControllerRenderProps<TValues, TName>) => ReactNode;
  /** Places the labelled control among things drawn beside it (a unit, a clear button). */
  frame?: (control: ReactElement, field: ControllerRenderProps<TValues, TName>) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          {frame ? (
            frame(<FormControl>{children(field)}</FormControl>, field)
          ) : (
            <FormControl>{children(field)}</FormControl>
          )}
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
