import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/form/field';
import { Input } from '@/components/ui/input';

type NumberFieldProps = {
  min: number;
  max: number;
  placeholder?: string;
  /** What the field holds while the box is empty: null or undefined (a blank the schema allows) or NaN. */
  blank: null | undefined | number;
  /** A unit written inside the box, at its end (e.g. "seconds"). */
  unit?: string;
};

/** A whole number typed in a numeric box; a null or NaN value shows empty. */
export function NumberField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  min,
  max,
  placeholder,
  blank,
  unit,
  ...props
}: FieldProps<TValues, TName, TTransformed> & NumberFieldProps) {
  return (
    <Field
      {...props}
      frame={
        unit
          ? (control) => (
              <div className="relative">
                {control}
                <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
                  {unit}
                </span>
              </div>
            )
          : undefined
      }
    >
      {(field) => (
        <Input
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          placeholder={placeholder}
          className={unit ? 'pr-20' : undefined}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value == null || Number.isNaN(field.value) ? '' : field.value}
          onChange={(event) => field.onChange(event.target.value === '' ? blank : event.target.valueAsNumber)}
        />
      )}
    </Field>
  );
}
