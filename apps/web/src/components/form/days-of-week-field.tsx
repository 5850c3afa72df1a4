import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldProps } from '@/components/form/field';
import { Button } from '@/components/ui/button';
import { FormDescription, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { WEEK_DAYS } from '@/lib/rate-card';
import { cn } from '@/lib/utils';

const FULL_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Seven toggle buttons, Sun to Sat, kept as a sorted list of day numbers (0 = Sunday); the label
 * is the group's legend.
 */
export function DaysOfWeekField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  description,
  className,
  withFullNames = false,
}: FieldProps<TValues, TName, TTransformed> & {
  /** Each button's full day name as its title. */
  withFullNames?: boolean;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const days: number[] = field.value ?? [];
        return (
          <FormItem>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{label}</legend>
              <div className={cn('grid grid-cols-7 gap-1.5', className)}>
                {WEEK_DAYS.map(({ day, name: dayName }) => {
                  const on = days.includes(day);
                  return (
                    <Button
                      key={day}
                      type="button"
                      size="sm"
                      variant={on ? 'default' : 'outline'}
                      aria-pressed={on}
                      // Named by the visible "Mon" (WCAG 2.5.3); the full name is its description.
                      title={withFullNames ? FULL_NAMES[day] : undefined}
                      className="px-0"
                      onClick={() =>
                        field.onChange(
                          on ? days.filter((value) => value !== day) : [...days, day].sort((a, b) => a - b),
                        )
                      }
                    >
                      {dayName}
                    </Button>
                  );
                })}
              </div>
            </fieldset>
            <FormDescription>{description}</FormDescription>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
