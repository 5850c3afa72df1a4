import { PACINGS } from '@adloop/contract/campaigns';
import { useWatch } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { NumberField } from '@/components/form/number-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { MoneyInput } from '@/components/money-input';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import {
  type BookableGoal,
  type BookingControl,
  flightDays,
  PACING_DESCRIPTIONS,
  PACING_LABELS,
} from '@/features/campaigns/lib/booking-form';

const INT_MAX = 2_147_483_647;

function DateField({
  control,
  name,
  label,
}: {
  control: BookingControl;
  name: 'starts_on' | 'ends_on';
  label: string;
}) {
  return (
    <Field control={control} name={name} label={label}>
      {(field) => (
        <Input
          type="date"
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value}
          onChange={field.onChange}
        />
      )}
    </Field>
  );
}

const GOAL_DESCRIPTIONS: Record<BookableGoal, string> = {
  PLAYS: 'Counted from proof of play.',
  BUDGET: 'Spent at the rate card’s prices.',
  IMPRESSIONS: 'Counted by each screen’s audience estimate.',
};

function GoalKindField({ control }: { control: BookingControl }) {
  const goalKind = useWatch({ control, name: 'goal_kind' });
  return (
    <Field control={control} name="goal_kind" label="Goal" description={GOAL_DESCRIPTIONS[goalKind]}>
      {(field) => (
        <NativeSelect
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value}
          onChange={field.onChange}
        >
          <NativeSelectOption value="PLAYS">A number of plays</NativeSelectOption>
          <NativeSelectOption value="BUDGET">A budget to spend (₹)</NativeSelectOption>
          <NativeSelectOption value="IMPRESSIONS">A number of impressions</NativeSelectOption>
        </NativeSelect>
      )}
    </Field>
  );
}

function PacingField({ control }: { control: BookingControl }) {
  const pacing = useWatch({ control, name: 'pacing' });
  return (
    <Field control={control} name="pacing" label="Pacing" description={PACING_DESCRIPTIONS[pacing]}>
      {(field) => (
        <NativeSelect
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value}
          onChange={field.onChange}
        >
          {PACINGS.map((value) => (
            <NativeSelectOption key={value} value={value}>
              {PACING_LABELS[value]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** The flight: its dates, its goal in plays, impressions or rupees, how fast it delivers and its limits. */
export function FlightCard({ control }: { control: BookingControl }) {
  const [goalKind, startsOn, endsOn] = useWatch({ control, name: ['goal_kind', 'starts_on', 'ends_on'] });
  const days = startsOn && endsOn && endsOn >= startsOn ? flightDays(startsOn, endsOn) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Flight and goal</CardTitle>
        <CardDescription>
          Dates are each screen's local dates (its outlet's time zone).
          {days ? ` ${days} ${days === 1 ? 'day' : 'days'}, both ends included.` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <TextField
          control={control}
          name="line_item_name"
          label="Flight name"
          description="Shown on the campaign page and in reports."
          autoComplete="off"
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <DateField control={control} name="starts_on" label="First day" />
          <DateField control={control} name="ends_on" label="Last day" />
        </div>
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <GoalKindField control={control} />
          {goalKind === 'BUDGET' ? (
            <Field
              control={control}
              name="goal_budget_minor"
              label="Spend"
              description="In rupees (₹): as many plays as this buys at the rate card's prices."
            >
              {(field) => (
                <MoneyInput
                  currency="INR"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value}
                  onChange={field.onChange}
                  placeholder="e.g. 5000"
                />
              )}
            </Field>
          ) : goalKind === 'IMPRESSIONS' ? (
            <NumberField
              control={control}
              name="goal_impressions"
              label="Impressions to buy"
              description="People who see a play, by each screen's audience estimate. Screens without one are left out."
              min={1}
              max={Number.MAX_SAFE_INTEGER}
              blank={undefined}
              unit="impressions"
            />
          ) : (
            <NumberField
              control={control}
              name="goal_plays"
              label="Plays to buy"
              description="Plays over the whole flight, on all matching screens."
              min={1}
              max={Number.MAX_SAFE_INTEGER}
              blank={undefined}
              unit="plays"
            />
          )}
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <PacingField control={control} />
          <NumberField
            control={control}
            name="spot_seconds"
            label="Spot length"
            description="How long one play lasts; shorter spots fit more plays an hour."
            min={1}
            max={3600}
            blank={Number.NaN}
            unit="seconds"
          />
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <NumberField
            control={control}
            name="daily_cap"
            label="Daily cap (optional)"
            description="Plays a day at most, over all screens."
            min={1}
            max={INT_MAX}
            blank={null}
            placeholder="No cap"
            unit="plays/day"
          />
          <NumberField
            control={control}
            name="max_plays_per_screen_hour"
            label="Per screen-hour (optional)"
            description="Plays at most on one screen in one hour."
            min={1}
            max={INT_MAX}
            blank={null}
            placeholder="No limit"
            unit="plays"
          />
        </div>
        <SwitchField
          control={control}
          name="guaranteed"
          label="Guaranteed"
          description="Reserve the screen-hours when held or booked. Off: plays only in what other campaigns leave."
        />
      </CardContent>
    </Card>
  );
}
