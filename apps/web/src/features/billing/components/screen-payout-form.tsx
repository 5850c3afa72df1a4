import { type ScreenPayoutCreate, screenPayoutCreateSchema } from '@adloop/contract/billing';
import { AlertTriangleIcon, Loader2Icon, MonitorIcon, StoreIcon, WalletIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { OptionPicker } from '@/components/option-picker';
import { useOutletOptions } from '@/components/report-filters/api/get-outlet-options';
import { useScreenOptions } from '@/components/report-filters/api/get-screen-options';
import { isRange, presetRange } from '@/components/report-filters/date-range';
import { DateRangePicker } from '@/components/report-filters/date-range-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { type PayoutProposalQuery, usePayoutProposal } from '@/features/billing/api/get-payout-proposal';
import { PayoutProposal } from '@/features/billing/components/payout-proposal';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { ApiError } from '@/lib/http';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';

const PROPOSAL_DEBOUNCE_MS = 350;
const FIELDS = ['screen_id', 'outlet_id', 'period_start', 'period_end', 'currency', 'reference'] as const;

type Target = 'screen' | 'outlet';

function TargetChoice({ value, onChange }: { value: Target; onChange: (target: Target) => void }) {
  const choices = [
    { id: 'outlet', label: 'Every screen of an outlet', icon: StoreIcon },
    { id: 'screen', label: 'One screen', icon: MonitorIcon },
  ] as const;
  return (
    <div role="radiogroup" aria-label="Pay for" className="grid gap-2 sm:grid-cols-2">
      {choices.map((choice) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons reads better than radio inputs here
        <button
          key={choice.id}
          type="button"
          role="radio"
          aria-checked={value === choice.id}
          onClick={() => onChange(choice.id)}
          className={cn(
            'flex items-center gap-2 rounded-lg border px-3 py-2.5 text-left text-sm transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
            value === choice.id && 'border-primary bg-primary/5 font-medium',
          )}
        >
          <choice.icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {choice.label}
        </button>
      ))}
    </div>
  );
}

type ScreenPayoutFormProps = { onSave: (values: ScreenPayoutCreate) => Promise<unknown> };

/** A payout over a period: the plays' prices on the rate card, less the outlet's commission, proposed live. */
export function ScreenPayoutForm({ onSave }: ScreenPayoutFormProps) {
  const [target, setTarget] = useState<Target>('outlet');
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
      currency: 'INR',
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

  const chosenId = target === 'screen' ? screenId : outletId;
  const ready = Boolean(chosenId) && isRange({ from: periodStart, to: periodEnd });
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

  const chooseTarget = (next: Target) => {
    setTarget(next);
    setConflict(null);
    form.setValue(next === 'screen' ? 'outlet_id' : 'screen_id', '');
    form.clearErrors(['screen_id', 'outlet_id']);
  };

  const onSubmit = form.handleSubmit(async (values) => {
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
              <Link to="/dashboard/rate-card" className="font-medium text-foreground underline underline-offset-4">
                rate card
              </Link>{' '}
              in force when it played (outlet tier × peak hours).
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <TargetChoice value={target} onChange={chooseTarget} />
            {target === 'outlet' ? (
              <FormField
                control={form.control}
                name="outlet_id"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Outlet</FormLabel>
                    <FormControl>
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
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ) : (
              <FormField
                control={form.control}
                name="screen_id"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Screen</FormLabel>
                    <FormControl>
                      <OptionPicker
                        options={(screens.data ?? []).map((screen) => ({
                          value: screen.id,
                          label: screen.screen_code,
                          description: screen.outlet.name,
                        }))}
                        value={field.value ? [field.value] : []}
                        onChange={(next) => field.onChange(next[0] ?? '')}
                        loading={screens.isLoading}
                        onSearchChange={setScreenSearch}
                        placeholder="Choose a screen"
                        searchPlaceholder="Search screens…"
                        emptyText="No screens found."
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
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
                    className="sm:w-full"
                  />
                  <FormDescription>
                    Both days included: {periodStart} to {periodEnd}.
                  </FormDescription>
                  <FormMessage />
                  {form.formState.errors.period_end ? (
                    <p className="text-sm text-destructive">{form.formState.errors.period_end.message}</p>
                  ) : null}
                </FormItem>
              )}
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="reference"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Reference</FormLabel>
                    <FormControl>
                      <Input placeholder="e.g. PAYOUT-2026-05" {...field} value={field.value ?? ''} />
                    </FormControl>
                    <FormDescription>Optional.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
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
          <CardFooter className="flex flex-col-reverse gap-2 border-t sm:flex-row sm:justify-end [.border-t]:pt-6">
            <Button asChild variant="ghost" className="w-full sm:w-auto">
              <Link to="/dashboard/billing/payouts">Cancel</Link>
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
              {form.formState.isSubmitting ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <WalletIcon aria-hidden="true" />
              )}
              Create payout
            </Button>
            {proposal.data && ready ? (
              <p
                className="text-center text-sm text-muted-foreground sm:order-first sm:mr-auto sm:text-left"
                aria-live="polite"
              >
                Total{' '}
                <span className="font-semibold text-foreground tabular-nums">
                  {formatMoney(proposal.data.total_minor, proposal.data.currency)}
                </span>
              </p>
            ) : null}
          </CardFooter>
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
