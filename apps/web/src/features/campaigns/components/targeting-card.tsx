import { can } from '@adloop/contract/permissions';
import { useState } from 'react';
import { DaysOfWeekField } from '@/components/form/days-of-week-field';
import { Field } from '@/components/form/field';
import { TagsField } from '@/components/form/tags-field';
import { ListInput } from '@/components/list-input';
import { OptionPicker } from '@/components/option-picker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import type { BookingControl } from '@/features/campaigns/lib/booking-form';
import { useAuth } from '@/lib/auth-context';
import { useOutletOptions } from '@/lib/resources/outlets';

function OutletsField({ control }: { control: BookingControl }) {
  const [search, setSearch] = useState('');
  const outlets = useOutletOptions(search, true);
  const options = (outlets.data ?? []).map((outlet) => ({
    value: outlet.id,
    label: outlet.name,
    description: outlet.outlet_code,
  }));
  return (
    <Field control={control} name="targeting.outlet_ids" label="Outlets">
      {(field) => (
        <OptionPicker
          multiple
          options={options}
          loading={outlets.isLoading}
          value={field.value ?? []}
          onChange={field.onChange}
          onSearchChange={setSearch}
          onBlur={field.onBlur}
          placeholder="Any outlet"
          searchPlaceholder="Search outlets"
          emptyText="No outlet matches."
        />
      )}
    </Field>
  );
}

function ListField({
  control,
  name,
  label,
  placeholder,
  numeric = false,
}: {
  control: BookingControl;
  name: 'targeting.pincodes' | 'targeting.cities';
  label: string;
  placeholder: string;
  numeric?: boolean;
}) {
  return (
    <Field control={control} name={name} label={label} description="Separated by commas.">
      {(field) => (
        <ListInput
          value={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputMode={numeric ? 'numeric' : undefined}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}

function TimeField({
  control,
  name,
  label,
}: {
  control: BookingControl;
  name: 'schedule.start_time' | 'schedule.end_time';
  label: string;
}) {
  return (
    <Field control={control} name={name} label={label}>
      {(field) => (
        <Input
          type="time"
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

/** Where and when the flight plays: the ads' targeting rule and dayparts, on each outlet's clock. */
export function TargetingCard({ control }: { control: BookingControl }) {
  const { user } = useAuth();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where and when</CardTitle>
        <CardDescription>
          Leave everything empty for every screen, all day. A screen must match each kind you fill in, and any one value
          of it. Days and hours are on each outlet's own clock.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <TagsField
          control={control}
          name="targeting.tags"
          label="Tags"
          description="Matches the screen's tags or its outlet's, e.g. cafe."
          placeholder="Press Enter to add a tag"
        />
        {can(user.role, 'outlets', 'read') ? <OutletsField control={control} /> : null}
        <div className="grid gap-6 sm:grid-cols-2">
          <ListField control={control} name="targeting.cities" label="Cities" placeholder="e.g. Bengaluru, Mysuru" />
          <ListField
            control={control}
            name="targeting.pincodes"
            label="Pincodes"
            placeholder="e.g. 560001, 560038"
            numeric
          />
        </div>
        <DaysOfWeekField
          control={control}
          name="schedule.days_of_week"
          label="Days of the week"
          description="None chosen plays every day."
          withFullNames
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <TimeField control={control} name="schedule.start_time" label="From (local time)" />
          <TimeField control={control} name="schedule.end_time" label="Until (local time)" />
        </div>
      </CardContent>
    </Card>
  );
}
