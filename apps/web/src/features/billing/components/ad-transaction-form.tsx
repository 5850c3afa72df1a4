import {
  type AdTransactionCreate,
  adTransactionCreateSchema,
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
} from '@adloop/contract/billing';
import { Loader2Icon, ReceiptIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { OptionPicker } from '@/components/option-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { MoneyInput } from '@/features/billing/components/money-input';
import { CURRENCIES, METHOD_LABELS, TRANSACTION_STATUS_LABELS } from '@/features/billing/lib/labels';
import { fromLocalInput, toLocalInput } from '@/features/billing/lib/local-datetime';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useAdOptions } from '@/lib/resources/ads';
import { useCompanyOptions } from '@/lib/resources/companies';

const FIELDS = [
  'company_id',
  'ad_id',
  'amount_minor',
  'currency',
  'method',
  'reference',
  'status',
  'transacted_at',
] as const;

// The contract's rules, with a plain message while the amount field holds no amount yet.
const formSchema = adTransactionCreateSchema.safeExtend({
  amount_minor: z
    .number('Enter the amount, e.g. 1234.50')
    .refine((value) => !Number.isNaN(value), 'Enter the amount, e.g. 1234.50')
    .pipe(adTransactionCreateSchema.shape.amount_minor),
});

type AdTransactionFormProps = { onSave: (values: AdTransactionCreate) => Promise<unknown> };

/** A payment from an advertiser: who, for which ad (optional), how much, how and when. */
export function AdTransactionForm({ onSave }: AdTransactionFormProps) {
  const [companySearch, setCompanySearch] = useState('');
  const [adSearch, setAdSearch] = useState('');
  const form = useForm({
    resolver: formResolver(formSchema, { blankAsNull: ['reference'], blankAsAbsent: ['ad_id'] }),
    defaultValues: {
      company_id: '',
      ad_id: undefined,
      amount_minor: undefined,
      currency: 'INR',
      method: 'BANK_TRANSFER',
      reference: '',
      status: 'COMPLETED',
      transacted_at: new Date().toISOString(),
    },
  });
  const [companyId, currency, amount] = useWatch({
    control: form.control,
    name: ['company_id', 'currency', 'amount_minor'],
  });
  const companies = useCompanyOptions(companySearch, true);
  const ads = useAdOptions(adSearch, companyId || undefined, Boolean(companyId));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="max-w-2xl">
        <Card>
          <CardHeader>
            <CardTitle>New ad transaction</CardTitle>
            <CardDescription>
              Amounts are kept to the paisa: type them in rupees, as on the bank statement.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <FormField
              control={form.control}
              name="company_id"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Company</FormLabel>
                  <FormControl>
                    <OptionPicker
                      options={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
                      value={field.value ? [field.value] : []}
                      onChange={(next) => {
                        field.onChange(next[0] ?? '');
                        form.setValue('ad_id', undefined);
                      }}
                      loading={companies.isLoading}
                      onSearchChange={setCompanySearch}
                      placeholder="Choose the company that paid"
                      searchPlaceholder="Search companies…"
                      emptyText="No companies found."
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="ad_id"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Ad</FormLabel>
                  <div className="flex items-start gap-1">
                    <div className="min-w-0 flex-1">
                      <FormControl>
                        <OptionPicker
                          options={(ads.data ?? []).map((ad) => ({ value: ad.id, label: ad.title }))}
                          value={field.value ? [field.value] : []}
                          onChange={(next) => field.onChange(next[0])}
                          loading={ads.isLoading}
                          onSearchChange={setAdSearch}
                          disabled={!companyId}
                          placeholder={companyId ? 'Any ad of this company' : 'Choose a company first'}
                          searchPlaceholder="Search ads…"
                          emptyText="This company has no ads yet."
                        />
                      </FormControl>
                    </div>
                    {field.value ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label="No specific ad"
                        onClick={() => field.onChange(undefined)}
                      >
                        <XIcon aria-hidden="true" />
                      </Button>
                    ) : null}
                  </div>
                  <FormDescription>Optional: the ad this payment is for.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-6 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <FormField
                control={form.control}
                name="amount_minor"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Amount</FormLabel>
                    <FormControl>
                      <MoneyInput
                        currency={currency || 'INR'}
                        placeholder="0.00"
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                      />
                    </FormControl>
                    <FormDescription>
                      {typeof amount === 'number' && !Number.isNaN(amount) && amount > 0
                        ? `${formatMoney(amount, currency || 'INR')} will be recorded.`
                        : 'In rupees, with up to 2 decimals.'}
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="currency"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Currency</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        {CURRENCIES.map((code) => (
                          <NativeSelectOption key={code} value={code}>
                            {code}
                          </NativeSelectOption>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="method"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Payment method</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        {TRANSACTION_METHODS.map((method) => (
                          <NativeSelectOption key={method} value={method}>
                            {METHOD_LABELS[method]}
                          </NativeSelectOption>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="status"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Status</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        {TRANSACTION_STATUSES.map((status) => (
                          <NativeSelectOption key={status} value={status}>
                            {TRANSACTION_STATUS_LABELS[status]}
                          </NativeSelectOption>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="reference"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Reference</FormLabel>
                    <FormControl>
                      <Input placeholder="e.g. UTR 4021 8876 1123" {...field} value={field.value ?? ''} />
                    </FormControl>
                    <FormDescription>Optional: bank, UPI or invoice reference.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="transacted_at"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Date and time</FormLabel>
                    <FormControl>
                      <Input
                        type="datetime-local"
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        value={toLocalInput(field.value)}
                        onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
                      />
                    </FormControl>
                    <FormDescription>When the money moved.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
          </CardContent>
          <CardFooter className="flex flex-col-reverse gap-2 border-t sm:flex-row sm:justify-end [.border-t]:pt-6">
            <Button asChild variant="ghost" className="w-full sm:w-auto">
              <Link to={paths.adTransactions.getHref()}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
              {form.formState.isSubmitting ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <ReceiptIcon aria-hidden="true" />
              )}
              Add transaction
            </Button>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}
