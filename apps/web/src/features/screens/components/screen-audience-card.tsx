import type { ScreenAudience } from '@adloop/contract/audience';
import { can } from '@adloop/contract/permissions';
import type { Screen } from '@adloop/contract/screens';
import { useQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, SaveIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { type Control, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { DaysOfWeekField } from '@/components/form/days-of-week-field';
import { Field } from '@/components/form/field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { usePutScreenAudience, useScreenAudience } from '@/features/screens/api/screen-audience';
import {
  type AudienceFormInput,
  type AudienceFormValues,
  audienceBody,
  audienceFormSchema,
  audienceFormValues,
  audienceLevel,
  audiencePeak,
  audienceSentence,
  audienceSummary,
  formatHour,
  formatPeoplePerPlay,
  MAX_FORM_RANGES,
  newAudienceRange,
} from '@/features/screens/lib/audience';
import { useAuth } from '@/lib/auth-context';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { ApiError } from '@/lib/http';
import { onReadersClock } from '@/lib/readers-clock';
import { outletResource } from '@/lib/resources/outlets';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Rows of the grid, Monday first. */
const GRID_DAYS = [1, 2, 3, 4, 5, 6, 0];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const PEOPLE_PER_PLAY = 'people per play';

const LEVEL_STYLES = ['bg-muted', 'bg-primary/20', 'bg-primary/40', 'bg-primary/65', 'bg-primary/90'] as const;

type AudienceControl = Control<AudienceFormInput, unknown, AudienceFormValues>;

/** "the outlet's clock (Asia/Kolkata)", or without the zone while it is not known. */
const clockOf = (zone: string | undefined) => `the outlet's clock${zone ? ` (${zone})` : ''}`;

/** The week at a glance: 7 days × 24 hours, darker where more people see a play. */
function AudienceGrid({ figures, zone }: { figures: readonly number[]; zone: string | undefined }) {
  const peak = audiencePeak(figures);
  return (
    <figure className="grid gap-2">
      <div
        role="img"
        aria-label={`Week grid, hours on ${clockOf(zone)}: ${audienceSentence(figures)}`}
        className="grid grid-cols-[2rem_repeat(24,minmax(0,1fr))] gap-[2px] text-[10px] text-muted-foreground"
      >
        <span />
        {HOURS.map((hour) => (
          <span key={hour} className="text-left leading-3 tabular-nums">
            {hour % 6 === 0 ? String(hour).padStart(2, '0') : ''}
          </span>
        ))}
        {GRID_DAYS.map((day) => (
          <div key={day} className="contents">
            <span className="self-center leading-3">{DAY_NAMES[day]}</span>
            {HOURS.map((hour) => {
              const figure = figures[day * 24 + hour] ?? 0;
              return (
                <span
                  key={hour}
                  title={`${DAY_NAMES[day]} ${formatHour(hour)}–${formatHour(hour + 1)}: ${formatPeoplePerPlay(figure)}`}
                  className={cn('h-3.5 rounded-[2px] sm:h-5', LEVEL_STYLES[audienceLevel(figure, peak)])}
                />
              );
            })}
          </div>
        ))}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span>Hours 00–24 on {clockOf(zone)}</span>
        <span className="flex items-center gap-1.5">
          0
          {LEVEL_STYLES.map((style) => (
            <span key={style} className={cn('size-3 rounded-[2px]', style)} aria-hidden="true" />
          ))}
          {formatPeoplePerPlay(peak)}
        </span>
      </figcaption>
    </figure>
  );
}

/** The estimate as it stands: where it comes from, when it was set, its ranges and the grid. */
function AudienceView({ audience, zone }: { audience: ScreenAudience; zone: string | undefined }) {
  const lines = audienceSummary(audience.impressions_per_play);
  return (
    <div className="grid gap-4" data-testid="screen-audience">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Source</dt>
          <dd className="text-sm font-medium break-words">{audience.source}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Updated</dt>
          <dd className="text-sm">{onReadersClock(audience.updated_at)}</dd>
        </div>
      </dl>
      <table className="w-full text-sm" aria-label={`People per play by hour, on ${clockOf(zone)}`}>
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="py-1.5 pr-3 text-left font-medium">
              Hours (outlet time)
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              People per play
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.slice(0, MAX_FORM_RANGES).map((line) => (
            <tr key={line.when} className="border-b last:border-b-0">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {line.when}
              </th>
              <td className="py-1.5 text-right font-medium whitespace-nowrap tabular-nums">
                {formatPeoplePerPlay(line.figure)}
              </td>
            </tr>
          ))}
          {lines.length > MAX_FORM_RANGES ? (
            <tr>
              <td colSpan={2} className="py-1.5 text-xs text-muted-foreground">
                And {lines.length - MAX_FORM_RANGES} more ranges: see the grid.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <AudienceGrid figures={audience.impressions_per_play} zone={zone} />
    </div>
  );
}

/** A count of people per play, decimals allowed (an average), its unit inside the box. */
function PeopleField({
  control,
  name,
  label,
  description,
  className,
}: {
  control: AudienceControl;
  name: 'default_impressions_per_play' | `hours.${number}.impressions_per_play`;
  label: string;
  description?: string;
  className?: string;
}) {
  return (
    <Field
      control={control}
      name={name}
      label={label}
      description={description}
      className={className}
      frame={(input) => (
        <div className="relative">
          {input}
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
            {PEOPLE_PER_PLAY}
          </span>
        </div>
      )}
    >
      {(field) => (
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          placeholder="e.g. 2"
          className="pr-32"
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value == null || Number.isNaN(field.value) ? '' : field.value}
          onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)}
        />
      )}
    </Field>
  );
}

function HourField({
  control,
  name,
  label,
  hours,
}: {
  control: AudienceControl;
  name: `hours.${number}.from_hour` | `hours.${number}.to_hour`;
  label: string;
  hours: number[];
}) {
  return (
    <Field control={control} name={name} label={label}>
      {(field) => (
        <NativeSelect
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value}
          onChange={(event) => field.onChange(Number(event.target.value))}
        >
          {hours.map((hour) => (
            <NativeSelectOption key={hour} value={hour}>
              {formatHour(hour)}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

const FROM_HOURS = HOURS;
const TO_HOURS = HOURS.map((hour) => hour + 1);

/** Sets or replaces the estimate: a source, the usual figure and the hours that differ. */
function AudienceEditor({
  screen,
  audience,
  zone,
  onDone,
}: {
  screen: Screen;
  audience: ScreenAudience | null;
  zone: string | undefined;
  onDone: () => void;
}) {
  const put = usePutScreenAudience();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: formResolver(audienceFormSchema), defaultValues: audienceFormValues(audience) });
  const ranges = useFieldArray({ control: form.control, name: 'hours' });
  const usual = useWatch({ control: form.control, name: 'default_impressions_per_play' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await put.mutateAsync({ screenId: screen.id, body: audienceBody(values) });
      toast.success('Audience estimate saved', {
        description: `Impressions can be sold on ${screen.screen_code}.`,
      });
      onDone();
    } catch (error) {
      const fields = [
        'source',
        'default_impressions_per_play',
        ...values.hours.flatMap((_, index) =>
          (['from_hour', 'to_hour', 'days_of_week', 'impressions_per_play'] as const).map(
            (part) => `hours.${index}.${part}` as const,
          ),
        ),
      ] as const;
      applyServerErrors(error, form.setError, fields);
      setFailure(error instanceof ApiError ? error.message : String(error));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <CardContent className="grid gap-6">
          <TextField
            control={form.control}
            name="source"
            label="Source"
            description="Where the figures come from, e.g. “Door counter, Oct 2026” or “Venue's own estimate”. Buyers see it."
            placeholder="e.g. Door counter, Oct 2026"
            autoComplete="off"
            maxLength={200}
          />
          <PeopleField
            control={form.control}
            name="default_impressions_per_play"
            label="Usual audience"
            description="People who see one play at every hour not named below. An average may have decimals."
          />
          <fieldset className="grid gap-3">
            <legend className="text-sm font-medium">Hours that differ</legend>
            <p className="-mt-1 text-sm text-muted-foreground">
              Hours on {clockOf(zone)}. Where ranges overlap, the later one counts; for hours past midnight add a second
              range from 00:00.
            </p>
            {ranges.fields.map((range, index) => (
              <div key={range.id} className="grid gap-4 rounded-lg border p-4" data-testid="audience-range">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium">Range {index + 1}</p>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => ranges.remove(index)}
                    aria-label={`Remove range ${index + 1}`}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Remove
                  </Button>
                </div>
                <div className="grid grid-cols-2 gap-4 sm:grid-cols-[1fr_1fr_2fr]">
                  <HourField
                    control={form.control}
                    name={`hours.${index}.from_hour`}
                    label="From (outlet time)"
                    hours={FROM_HOURS}
                  />
                  <HourField
                    control={form.control}
                    name={`hours.${index}.to_hour`}
                    label="Until (outlet time)"
                    hours={TO_HOURS}
                  />
                  <PeopleField
                    control={form.control}
                    name={`hours.${index}.impressions_per_play`}
                    label="Audience then"
                    className="col-span-2 sm:col-span-1"
                  />
                </div>
                <DaysOfWeekField
                  control={form.control}
                  name={`hours.${index}.days_of_week`}
                  label="Days"
                  description="None chosen: every day."
                  withFullNames
                />
              </div>
            ))}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={ranges.fields.length >= MAX_FORM_RANGES}
                onClick={() => ranges.append(newAudienceRange(usual ?? Number.NaN))}
              >
                <PlusIcon aria-hidden="true" />
                Add hour range
              </Button>
              {ranges.fields.length >= MAX_FORM_RANGES ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  At most {MAX_FORM_RANGES} ranges here; finer estimates go through the API as 168 figures.
                </p>
              ) : null}
            </div>
          </fieldset>
          {failure ? (
            <p
              className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
              role="alert"
            >
              Not saved: {failure}
            </p>
          ) : null}
        </CardContent>
        <CardFormFooter
          cancel={onDone}
          submitLabel="Save estimate"
          icon={SaveIcon}
          pending={form.formState.isSubmitting}
        />
      </form>
    </Form>
  );
}

/**
 * How many people see a play on this screen, per hour of the week (decision 085): what impressions
 * are sold from. Those who may update the screen set or replace it here.
 */
export function ScreenAudienceCard({ screen }: { screen: Screen }) {
  const { user } = useAuth();
  const mayEdit = can(user.role, 'screens', 'update');
  const audience = useScreenAudience(screen.id);
  const outlet = useQuery({
    ...outletResource.detailOptions(screen.outlet.id),
    enabled: can(user.role, 'outlets', 'read'),
  });
  const zone = outlet.data?.timezone;
  const [editing, setEditing] = useState(false);
  const current = audience.data ?? null;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Audience
        </CardTitle>
        <CardDescription>
          How many people see one play, for each hour of the week on {clockOf(zone)}. Impressions are sold from it:
          plays × people per play.
        </CardDescription>
      </CardHeader>
      {editing && !audience.isLoading ? (
        <AudienceEditor screen={screen} audience={current} zone={zone} onDone={() => setEditing(false)} />
      ) : (
        <CardContent className="grid gap-4">
          {audience.isLoading ? (
            <Skeleton className="h-40 w-full rounded-lg" aria-busy="true" />
          ) : audience.isError ? (
            <p className="text-sm text-muted-foreground" role="status">
              The estimate could not be read: {audience.error.message}
            </p>
          ) : current ? (
            <AudienceView audience={current} zone={zone} />
          ) : (
            <div
              className="grid gap-1 rounded-lg border border-dashed bg-muted/30 px-4 py-5"
              data-testid="screen-audience"
            >
              <p className="text-sm font-medium">No estimate yet: impressions cannot be sold on this screen.</p>
              <p className="text-sm text-muted-foreground">
                Campaigns can still buy its plays or a budget. Set how many people see a play to sell impressions too.
              </p>
            </div>
          )}
          {mayEdit && !audience.isLoading && !audience.isError ? (
            <div>
              <Button type="button" variant={current ? 'outline' : 'default'} onClick={() => setEditing(true)}>
                {current ? <PencilIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
                {current ? 'Edit estimate' : 'Set an estimate'}
              </Button>
            </div>
          ) : null}
        </CardContent>
      )}
    </Card>
  );
}
