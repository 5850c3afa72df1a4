import type { AdCreate } from '@adloop/contract/ads';
import type { Control } from 'react-hook-form';
import { DaysOfWeekField } from '@/components/form/days-of-week-field';
import { Field } from '@/components/form/field';
import { NumberField } from '@/components/form/number-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';

type DateOrTimePath = 'schedule.start_date' | 'schedule.end_date' | 'schedule.start_time' | 'schedule.end_time';

/** A date or a time of day; empty is null, "no limit". */
function DateOrTimeField({
  control,
  name,
  label,
  type,
}: {
  control: Control<AdCreate>;
  name: DateOrTimePath;
  label: string;
  type: 'date' | 'time';
}) {
  return (
    <Field control={control} name={name} label={label}>
      {(field) => (
        <Input
          type={type}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
        />
      )}
    </Field>
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
          <DateOrTimeField control={control} name="schedule.start_date" label="First day" type="date" />
          <DateOrTimeField control={control} name="schedule.end_date" label="Last day" type="date" />
        </div>
        <DaysOfWeekField
          control={control}
          name="schedule.days_of_week"
          label="Days of the week"
          description="None chosen plays every day."
          withFullNames
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <DateOrTimeField control={control} name="schedule.start_time" label="From" type="time" />
          <DateOrTimeField control={control} name="schedule.end_time" label="Until" type="time" />
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <NumberField
            control={control}
            name="schedule.priority"
            label="Priority"
            description="Higher plays earlier in the loop (−100 to 100)."
            min={-100}
            max={100}
            blank={undefined}
          />
          <NumberField
            control={control}
            name="schedule.share_of_voice"
            label="Share of voice"
            description="Turns taken in every 100 rounds of the loop (1-100)."
            min={1}
            max={100}
            blank={undefined}
          />
        </div>
      </CardContent>
    </Card>
  );
}
