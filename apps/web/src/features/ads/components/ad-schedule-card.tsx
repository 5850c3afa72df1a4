import type { AdCreate } from '@adloop/contract/ads';
import type { Control } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type ScheduleField = 'schedule.start_date' | 'schedule.end_date' | 'schedule.start_time' | 'schedule.end_time';
type NumberField = 'schedule.priority' | 'schedule.share_of_voice';

function TextField({
  control,
  name,
  label,
  type,
}: {
  control: Control<AdCreate>;
  name: ScheduleField;
  label: string;
  type: 'date' | 'time';
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type={type}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function NumberInputField({
  control,
  name,
  label,
  description,
  min,
  max,
}: {
  control: Control<AdCreate>;
  name: NumberField;
  label: string;
  description: string;
  min: number;
  max: number;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value === '' ? undefined : event.target.valueAsNumber)}
            />
          </FormControl>
          <FormDescription>{description}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** When the ad plays, on each outlet's own clock: dates, days, an hour window, priority and share. */
export function AdScheduleCard({ control }: { control: Control<AdCreate> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Schedule</CardTitle>
        <CardDescription>
          In each outlet's time zone. Leave it empty to play every day, all day. A window that ends before it starts
          runs past midnight.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField control={control} name="schedule.start_date" label="First day" type="date" />
          <TextField control={control} name="schedule.end_date" label="Last day" type="date" />
        </div>
        <FormField
          control={control}
          name="schedule.days_of_week"
          render={({ field }) => {
            const days = field.value ?? [];
            return (
              <FormItem>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">Days of the week</legend>
                  <div className="grid grid-cols-7 gap-1.5">
                    {DAYS.map((day, index) => {
                      const on = days.includes(index);
                      return (
                        <Button
                          key={day}
                          type="button"
                          size="sm"
                          variant={on ? 'default' : 'outline'}
                          aria-pressed={on}
                          // Named by the visible "Mon" (WCAG 2.5.3); the full name is its description.
                          title={DAY_NAMES[index]}
                          className="px-0"
                          onClick={() =>
                            field.onChange(
                              on ? days.filter((value) => value !== index) : [...days, index].sort((a, b) => a - b),
                            )
                          }
                        >
                          {day}
                        </Button>
                      );
                    })}
                  </div>
                </fieldset>
                <FormDescription>None chosen plays every day.</FormDescription>
                <FormMessage />
              </FormItem>
            );
          }}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField control={control} name="schedule.start_time" label="From" type="time" />
          <TextField control={control} name="schedule.end_time" label="Until" type="time" />
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <NumberInputField
            control={control}
            name="schedule.priority"
            label="Priority"
            description="Higher plays earlier in the loop (−100 to 100)."
            min={-100}
            max={100}
          />
          <NumberInputField
            control={control}
            name="schedule.share_of_voice"
            label="Share of voice"
            description="Turns taken in every 100 rounds of the loop (1-100)."
            min={1}
            max={100}
          />
        </div>
      </CardContent>
    </Card>
  );
}
