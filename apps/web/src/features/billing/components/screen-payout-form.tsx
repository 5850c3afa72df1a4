import { type ScreenPayoutCreate, screenPayoutCreateSchema } from '@adloop/contract/billing';
import { DEFAULT_CURRENCY } from '@adloop/contract/formats';
import { lastPayableDay } from '@adloop/contract/payout-period';
import { AlertTriangleIcon, InfoIcon, WalletIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { Field } from '@/components/form/field';
import { TextField } from '@/components/form/text-field';
import { OptionPicker } from '@/components/option-picker';
import { isRange, presetRange } from '@/components/report-filters/date-range';
import { DateRangePicker } from '@/components/report-filters/date-range-picker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { useOutletTimeZone } from '@/features/billing/api/get-outlet-time-zone';
import { type PayoutProposalQuery, usePayoutProposal } from '@/features/billing/api/get-payout-proposal';
import { PayoutProposal } from '@/features/billing/components/payout-proposal';
import { type PayoutTarget, PayoutTargetChoice } from '@/features/billing/components/payout-target-choice';
import { payoutBlocker } from '@/features/billing/lib/payout-blocker';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { ApiError } from '@/lib/http';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useOutletOptions } from '@/lib/resources/outlets';
import { useScreenOptions } from '@/lib/resources/screens';

const PROPOSAL_DEBOUNCE_MS = 350;
const FIELDS = ['screen_id', 'outlet_id', 'period_start', 'period_end', 'currency', 'reference'] as const;
const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type ScreenPayoutFormProps = { onSave: (values: ScreenPayoutCreate) => Promise<unknown> };

/**
 * A payout over a period: the plays' prices on the rate card, less AdLoop's commission, proposed
 * live. It can only be created when there is something to pay (decision 050), and says why not.
 */
export function ScreenPayoutForm({ onSave }: ScreenPayoutFormProps) {
  const [target, setTarget] = useState<PayoutTarget>('outlet');
  const [screenOutletId, setScreenOutletId] = useState<string | null>(null);
  const reasonId = useId();
  const [outletSearch, setOutletSearch] = useState('');
  const [screenSearch, setScreenSearch] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const lastMonth = presetRange('last-month');
  const form = useForm({
    resolver: formResolver(screenPayoutCreateSchema, {
      blankAsNull: ['reference'],
      blankAsAbsent: ['screen_id', 'outlet_id'],
    }),
    defaultValues: {
      screen_id: '',
      outlet_id: '',
      period_start: lastMonth.from,
      period_end: lastMonth.to,
      currency: DEFAULT_CURRENCY,
      reference: '',
    },
  });
  const [screenId, outletId, periodStart, periodEnd] = useWatch({
    control: form.control,
    name: ['screen_id', 'outlet_id', 'period_start', 'period_end'],
  });
  const outlets = useOutletOptions(outletSearch, true);
  const soleOutlet = outletSearch === '' && outlets.data?.length === 1 ? outlets.data[0]?.id : undefined;
  // With one outlet there is nothing to choose: the payout is for it.
  useEffect(() => {
    if (soleOutlet && !form.getValues('outlet_id') && !form.getValues('screen_id'))
      form.setValue('outlet_id', soleOutlet);
  }, [soleOutlet, form]);
  const screens = useScreenOptions(screenSearch, undefined, target === 'screen');

  const payeeOutletId = target === 'outlet' ? outletId || null : screenId ? screenOutletId : null;
  const outletTimeZone = useOutletTimeZone(payeeOutletId);
  // Until the outlet is known, the browser's own day stands in for the outlet's.
  const timeZone = outletTimeZone.data ?? BROWSER_TIME_ZONE;
  const lastDay = lastPayableDay(timeZone);
  const chosenId = target === 'screen' ? screenId : outletId;
  const period = isRange({ from: periodStart, to: periodEnd }) ? { start: periodStart, end: periodEnd } : null;
  const ready =
    Boolean(chosenId) &&
    period !== null &&
    period.end <= lastDay &&
    (payeeOutletId === null || outletTimeZone.isSuccess);
  const currentQuery = useMemo<PayoutProposalQuery | null>(
    () =>
      ready
        ? {
            ...(target === 'screen' ? { screen_id: chosenId } : { outlet_id: chosenId }),
            period_start: periodStart,
            period_end: periodEnd,
          }
        : null,
    [ready, target, chosenId, periodStart, periodEnd],
  );
  const proposalQuery = useDebouncedValue(currentQuery, PROPOSAL_DEBOUNCE_MS);
  // While typing pauses are awaited, the proposal shown is for the previous values.
  const settling = JSON.stringify(currentQuery) !== JSON.stringify(proposalQuery);
  const proposal = usePayoutProposal(ready ? proposalQuery : null);
  const blocker = payoutBlocker({
    target,
    chosen: Boolean(chosenId),
    period,
    lastDay,
    timeZone,
    proposal: proposal.data,
    working: settling || proposal.isFetching || outletTimeZone.isLoading,
    failed: proposal.isError || outletTimeZone.isError,
  });

  const chooseTarget = (next: PayoutTarget) => {
    setTarget(next);
    setConflict(null);
    form.setValue(next === 'screen' ? 'outlet_id' : 'screen_id', '');
    form.clearErrors(['screen_id', 'outlet_id']);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (blocker) return;
    setConflict(null);
    try {
      await onSave(values);
    } catch (error) {
      const applied = applyServerErrors(error, form.setError, FIELDS);
      if (!applied && error instanceof ApiError && error.status === 409) setConflict(error.message);
    }
  });

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid max-w-5xl items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
      >
        <Card>
          <CardHeader>
            <CardTitle>New screen payout</CardTitle>
            <CardDescription>
              One payout per screen; a period can be paid only once. Each play earns its price on the{' '}
              <Link to={paths.rateCard.getHref()} className="font-medium text-foreground underline underline-offset-4">
                rate card
              </Link>{' '}
              in force when it played (outlet tier × peak hours).
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <PayoutTargetChoice value={target} onChange={chooseTarget} />
            {target === 'outlet' ? (
              <Field control={form.control} name="outlet_id" label="Outlet">
                {(field) => (
                  <OptionPicker
                    options={(outlets.data ?? []).map((outlet) => ({
                      value: outlet.id,
                      label: outlet.name,
                      description: outlet.outlet_code,
                    }))}
                    value={field.value ? [field.value] : []}
                    onChange={(next) => field.onChange(next[0] ?? '')}
                    loading={outlets.isLoading}
                    onSearchChange={setOutletSearch}
                    placeholder="Choose an outlet"
                    searchPlaceholder="Search outlets…"
                    emptyText="No outlets found."
                  />
                )}
              </Field>
            ) : (
              <Field control={form.control} name="screen_id" label="Screen">
                {(field) => (
                  <OptionPicker
                    options={(screens.data ?? []).map((screen) => ({
                      value: screen.id,
                      label: screen.screen_code,
                      description: screen.outlet.name,
                    }))}
                    value={field.value ? [field.value] : []}
                    onChange={(next) => {
                      field.onChange(next[0] ?? '');
                      setScreenOutletId(screens.data?.find((screen) => screen.id === next[0])?.outlet.id ?? null);
                    }}
                    loading={screens.isLoading}
                    onSearchChange={setScreenSearch}
                    placeholder="Choose a screen"
                    searchPlaceholder="Search screens…"
                    emptyText="No screens found."
                  />
                )}
              </Field>
            )}
            <FormField
              control={form.control}
              name="period_start"
              render={() => (
                <FormItem>
                  <FormLabel>Period</FormLabel>
                  <DateRangePicker
                    value={isRange({ from: periodStart, to: periodEnd }) ? { from: periodStart, to: periodEnd } : null}
                    onChange={(range) => {
                      if (!range) return;
                      form.setValue('period_start', range.from, { shouldValidate: true });
                      form.setValue('period_end', range.to, { shouldValidate: true });
                      setConflict(null);
                    }}
                    max={lastDay}
                    className="sm:w-full"
                  />
                  <FormDescription>
                    Both days included: {periodStart} to {periodEnd}. The last day that can be paid is {lastDay}
                    {outletTimeZone.data ? `, the day before today in ${outletTimeZone.data}` : ''}: plays of today are
                    still coming in.
                  </FormDescription>
                  <FormMessage />
                  {form.formState.errors.period_end ? (
                    <p className="text-sm text-destructive">{form.formState.errors.period_end.message}</p>
                  ) : null}
                </FormItem>
              )}
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="reference"
                label="Reference"
                description="Optional."
                placeholder="e.g. PAYOUT-2026-05"
              />
            </div>
            {conflict ? (
              <div
                role="alert"
                className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
              >
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <p>{conflict}</p>
              </div>
            ) : null}
          </CardContent>
          <CardFormFooter
            cancel={paths.screenPayouts.getHref()}
            submitLabel="Create payout"
            icon={WalletIcon}
            pending={form.formState.isSubmitting}
            disabled={blocker !== null}
            submitDescribedBy={blocker ? reasonId : undefined}
          >
            <div aria-live="polite" className="text-sm text-muted-foreground sm:order-first sm:mr-auto">
              {blocker ? (
                <p id={reasonId} className="flex gap-1.5">
                  <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {blocker}
                </p>
              ) : proposal.data ? (
                <p className="text-center sm:text-left">
                  Total{' '}
                  <span className="font-semibold text-foreground tabular-nums">
                    {formatMoney(proposal.data.total_minor, proposal.data.currency)}
                  </span>
                </p>
              ) : null}
            </div>
          </CardFormFooter>
        </Card>
        <Card className="lg:sticky lg:top-4">
          <CardContent>
            <PayoutProposal
              proposal={proposal.data}
              waiting={!ready}
              loading={proposal.isLoading}
              refreshing={settling || (proposal.isFetching && !proposal.isLoading)}
            />
          </CardContent>
        </Card>
      </form>
    </Form>
  );
}
