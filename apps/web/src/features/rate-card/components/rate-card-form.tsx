import { OUTLET_TIERS } from '@adloop/contract/constants';
import { DEFAULT_CURRENCY } from '@adloop/contract/formats';
import { MAX_DAYPARTS, type RateCard, type RateCardCreate } from '@adloop/contract/pricing';
import { CalendarClockIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { DaysOfWeekField } from '@/components/form/days-of-week-field';
import { Field } from '@/components/form/field';
import { TextField } from '@/components/form/text-field';
import { RateCardMatrix } from '@/components/rate-card/rate-card-matrix';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormDescription, FormField, FormItem } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import {
  emptyDaypart,
  formFieldOf,
  initialValues,
  type RateCardFormValues,
  toRateCardCreate,
} from '@/features/rate-card/lib/rate-card-form-values';
import { ApiError } from '@/lib/http';
import { parseMoney } from '@/lib/money';
import { parseMultiplier, TIER_LABELS } from '@/lib/rate-card';
import { readersZone } from '@/lib/readers-clock';
import { cn } from '@/lib/utils';

/** A decimal text box with a sign before it (₹, ×); the props reach the input, so its label points at it. */
function AffixInput({ affix, ...props }: ComponentProps<'input'> & { affix: string }) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
        {affix}
      </span>
      <Input {...props} inputMode="decimal" autoComplete="off" className="pl-7 tabular-nums" />
    </div>
  );
}

type RateCardFormProps = {
  /** The card in force: the new one starts as a copy of it. */
  current: RateCard | undefined;
  onSave: (body: RateCardCreate) => Promise<unknown>;
  onCancel: () => void;
};

/** Schedules a new rate card: tier rates in rupees, peak dayparts, and when it takes effect. */
export function RateCardForm({ current, onSave, onCancel }: RateCardFormProps) {
  const form = useForm<RateCardFormValues>({ defaultValues: initialValues(current) });
  const dayparts = useFieldArray({ control: form.control, name: 'dayparts' });
  const values = useWatch({ control: form.control }) as RateCardFormValues;
  const [saving, setSaving] = useState(false);

  const preview = {
    currency: DEFAULT_CURRENCY,
    effective_from: '',
    tiers: Object.fromEntries(
      OUTLET_TIERS.map((tier) => [tier, Math.max(0, parseMoney(values.tiers?.[tier] ?? '', DEFAULT_CURRENCY) ?? 0)]),
    ) as RateCard['tiers'],
    dayparts: (values.dayparts ?? []).map((row, index) => ({
      id: String(index),
      name: row.name || `Daypart ${index + 1}`,
      days_of_week: row.days_of_week ?? [],
      start_time: row.start_time,
      end_time: row.end_time,
      multiplier_bps: parseMultiplier(row.multiplier ?? '') ?? 10_000,
    })),
  };

  const onSubmit = form.handleSubmit(async (typed) => {
    form.clearErrors();
    const result = toRateCardCreate(typed);
    if (!result.body) {
      let first = true;
      for (const problem of result.problems) {
        form.setError(problem.field as Path<RateCardFormValues>, { message: problem.message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    setSaving(true);
    try {
      await onSave(result.body);
    } catch (error) {
      // The toast has said what went wrong; put field errors beside their fields too.
      if (error instanceof ApiError) {
        const details = error.details.length ? error.details : [{ path: 'effective_from', message: error.message }];
        let first = true;
        for (const detail of details) {
          form.setError(
            formFieldOf(detail.path) as Path<RateCardFormValues>,
            { type: 'server', message: detail.message },
            { shouldFocus: first },
          );
          first = false;
        }
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="New rate card">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Schedule a new rate card</h2>
            </CardTitle>
            <CardDescription>
              Cards are never edited: a new one replaces the card in force from the moment it takes effect. Plays
              already made keep their price.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-8">
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-semibold">Base price per play</legend>
              <div className="grid gap-4 sm:grid-cols-3">
                {OUTLET_TIERS.map((tier) => (
                  <Field key={tier} control={form.control} name={`tiers.${tier}`} label={`${TIER_LABELS[tier]} outlet`}>
                    {(field) => <AffixInput affix="₹" {...field} />}
                  </Field>
                ))}
              </div>
            </fieldset>

            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-semibold">Peak dayparts</legend>
              <p className="text-sm text-muted-foreground">
                On the screen's local clock. A window that ends before it starts runs past midnight; where windows
                overlap, the highest multiplier applies.
              </p>
              {dayparts.fields.length === 0 ? (
                <p className="rounded-lg border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">
                  No peaks: every play costs its tier's base price.
                </p>
              ) : null}
              <ul className="grid gap-3">
                {dayparts.fields.map((row, index) => (
                  <li key={row.id} className="grid gap-4 rounded-lg border p-4" aria-label={`Daypart ${index + 1}`}>
                    <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
                      <TextField
                        control={form.control}
                        name={`dayparts.${index}.name`}
                        label="Name"
                        placeholder="e.g. Evening"
                        maxLength={60}
                      />
                      <TextField
                        control={form.control}
                        name={`dayparts.${index}.start_time`}
                        label="From"
                        type="time"
                      />
                      <TextField control={form.control} name={`dayparts.${index}.end_time`} label="Until" type="time" />
                      <Field control={form.control} name={`dayparts.${index}.multiplier`} label="Multiplier">
                        {(field) => <AffixInput affix="×" {...field} />}
                      </Field>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="sm:mt-6"
                        aria-label={`Remove daypart ${index + 1}`}
                        onClick={() => dayparts.remove(index)}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </div>
                    <DaysOfWeekField
                      control={form.control}
                      name={`dayparts.${index}.days_of_week`}
                      label="Days it starts on"
                      description="None chosen: every day."
                      className="max-w-md"
                    />
                  </li>
                ))}
              </ul>
              <Button
                type="button"
                variant="outline"
                className="justify-self-start"
                disabled={dayparts.fields.length >= MAX_DAYPARTS}
                onClick={() => dayparts.append(emptyDaypart())}
              >
                <PlusIcon aria-hidden="true" />
                Add daypart
              </Button>
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="starts"
                render={({ field }) => (
                  <FormItem>
                    <fieldset className="grid gap-2">
                      <legend className="mb-2 text-sm font-medium">Takes effect</legend>
                      <div className="grid grid-cols-2 gap-1.5">
                        {(
                          [
                            ['at', 'At a set time'],
                            ['asap', 'Right away'],
                          ] as const
                        ).map(([value, label]) => (
                          <Button
                            key={value}
                            type="button"
                            variant={field.value === value ? 'default' : 'outline'}
                            aria-pressed={field.value === value}
                            onClick={() => field.onChange(value)}
                          >
                            {label}
                          </Button>
                        ))}
                      </div>
                    </fieldset>
                    <FormDescription>
                      {field.value === 'asap'
                        ? 'About ten seconds after you save, once every server has the new card.'
                        : `In your time zone (${readersZone()}).`}
                    </FormDescription>
                  </FormItem>
                )}
              />
              <TextField
                control={form.control}
                name="effective_from"
                label="Effective from"
                className={cn(values.starts === 'asap' && 'opacity-50')}
                type="datetime-local"
                disabled={values.starts === 'asap'}
              />
            </div>
            <TextField
              control={form.control}
              name="note"
              label="Note"
              description="Optional; shown in the history."
              placeholder="e.g. Festive season peaks"
              maxLength={200}
            />

            <section aria-label="Preview" className="grid gap-2">
              <h3 className="text-sm font-semibold">Preview: price of one play</h3>
              <RateCardMatrix card={preview} label="Preview of the new rate card" />
            </section>
          </CardContent>
          <CardFormFooter
            cancel={onCancel}
            submitLabel="Schedule rate card"
            icon={CalendarClockIcon}
            pending={saving}
          />
        </Card>
      </form>
    </Form>
  );
}
