import { type AdTransactionCreate, adTransactionCreateSchema, PAYMENT_METHODS } from '@adloop/contract/billing';
import { DEFAULT_CURRENCY } from '@adloop/contract/formats';
import { ReceiptIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CardFormFooter } from '@/components/form/card-form-footer';
import { Field } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { MoneyInput } from '@/components/money-input';
import { OptionPicker } from '@/components/option-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { DateTimeField } from '@/features/billing/components/date-time-field';
import { TransactionStatusField } from '@/features/billing/components/transaction-status-field';
import { CURRENCIES, METHOD_LABELS } from '@/features/billing/lib/labels';
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
      currency: DEFAULT_CURRENCY,
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
            <Field control={form.control} name="company_id" label="Company">
              {(field) => (
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
              )}
            </Field>
            <Field
              control={form.control}
              name="ad_id"
              label="Ad"
              description="Optional: the ad this payment is for."
              frame={(control, field) => (
                <div className="flex items-start gap-1">
                  <div className="min-w-0 flex-1">{control}</div>
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
              )}
            >
              {(field) => (
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
              )}
            </Field>
            <div className="grid gap-6 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <Field
                control={form.control}
                name="amount_minor"
                label="Amount"
                description={
                  typeof amount === 'number' && !Number.isNaN(amount) && amount > 0
                    ? `${formatMoney(amount, currency || DEFAULT_CURRENCY)} will be recorded.`
                    : 'In rupees, with up to 2 decimals.'
                }
              >
                {(field) => (
                  <MoneyInput
                    currency={currency || DEFAULT_CURRENCY}
                    placeholder="0.00"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                  />
                )}
              </Field>
              <SelectField control={form.control} name="currency" label="Currency" options={CURRENCIES} />
            </div>
            <div className="grid gap-6 sm:grid-cols-2">
              <SelectField
                control={form.control}
                name="method"
                label="Payment method"
                options={PAYMENT_METHODS}
                labels={METHOD_LABELS}
              />
              <TransactionStatusField control={form.control} name="status" />
            </div>
            <div className="grid gap-6 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="reference"
                label="Reference"
                description="Optional: bank, UPI or invoice reference."
                placeholder="e.g. UTR 4021 8876 1123"
              />
              <DateTimeField
                control={form.control}
                name="transacted_at"
                label="Date and time"
                description="When the money moved."
              />
            </div>
          </CardContent>
          <CardFormFooter
            cancel={paths.adTransactions.getHref()}
            submitLabel="Add transaction"
            icon={ReceiptIcon}
            pending={form.formState.isSubmitting}
          />
        </Card>
      </form>
    </Form>
  );
}
