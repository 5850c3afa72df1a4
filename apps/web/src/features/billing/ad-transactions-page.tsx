import { type AdTransaction, TRANSACTION_STATUSES } from '@adloop/contract/billing';
import { can, scopeOf } from '@adloop/contract/permissions';
import { format } from 'date-fns';
import { ReceiptIcon } from 'lucide-react';
import { useState } from 'react';
import type { DataColumn } from '@/components/data-table/data-table';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import { EditRowAction } from '@/components/data-table/row-action-items';
import { RowActions } from '@/components/data-table/row-actions';
import { type DateRange, describeRange } from '@/components/report-filters/date-range';
import { DateRangePicker } from '@/components/report-filters/date-range-picker';
import { SliceFilters } from '@/components/report-filters/slice-filters';
import { useDateRangeParam } from '@/components/report-filters/use-date-range-param';
import { useAdTransactionTotals } from '@/features/billing/api/get-ad-transaction-totals';
import { useSpend } from '@/features/billing/api/get-spend';
import { SpendSummary } from '@/features/billing/components/spend-summary';
import { StatusBadge } from '@/features/billing/components/status-badge';
import { TransactionTotals } from '@/features/billing/components/transaction-totals';
import { UpdateTransactionDialog } from '@/features/billing/components/update-transaction-dialog';
import { METHOD_LABELS, TRANSACTION_STATUS_LABELS } from '@/features/billing/lib/labels';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { adTransactionResource } from '@/lib/resources/ad-transactions';

const FILTERS = ['company_id', 'status', 'from', 'to'] as const;
const STATUS_OPTIONS = TRANSACTION_STATUSES.map((status) => ({
  value: status,
  label: TRANSACTION_STATUS_LABELS[status],
}));

/** The range, or its last 366 days when longer: the most spend answers for at once. */
function lastYearOf(range: DateRange): DateRange {
  const yearBefore = new Date(Date.parse(`${range.to}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  return { from: range.from < yearBefore ? yearBefore : range.from, to: range.to };
}

export function AdTransactionsPage() {
  const { user } = useAuth();
  const page = useResourcePage(adTransactionResource, FILTERS);
  const { list, query } = page;
  const { range, setRange } = useDateRangeParam(null);
  const totals = useAdTransactionTotals({ company_id: query.company_id, from: query.from, to: query.to });
  const [updating, setUpdating] = useState<AdTransaction | null>(null);
  // Spend covers the period the list is filtered by, all time included (decision 092); a chosen
  // range longer than spend's cap is cut to its last year, and the spend names the period it covers.
  const spendRange = range ? lastYearOf(range) : null;
  const spend = useSpend({ company_id: query.company_id, ...(spendRange ?? {}) });
  const mayCreate = can(user.role, 'adTransactions', 'create');
  const mayUpdate = can(user.role, 'adTransactions', 'update');
  const seesCompanies = scopeOf(user.role, 'companies', 'read') === 'all';

  const columns: DataColumn<AdTransaction>[] = [
    {
      id: 'company',
      header: 'Company',
      primary: true,
      className: 'min-w-48',
      cell: (transaction) => (
        <div className="min-w-0">
          <span className="block truncate font-medium">{transaction.company.name}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {transaction.ad ? transaction.ad.title : 'No specific ad'}
          </span>
        </div>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      sortField: 'amount_minor',
      className: 'text-right whitespace-nowrap',
      cell: (transaction) => (
        <span className="font-medium tabular-nums">{formatMoney(transaction.amount_minor, transaction.currency)}</span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (transaction) => (
        <StatusBadge status={transaction.status} label={TRANSACTION_STATUS_LABELS[transaction.status]} />
      ),
    },
    {
      id: 'method',
      header: 'Method',
      cell: (transaction) => (
        <div className="min-w-0">
          <span className="block">{METHOD_LABELS[transaction.method]}</span>
          {transaction.reference ? (
            <span className="block max-w-48 truncate font-mono text-xs text-muted-foreground">
              {transaction.reference}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'transacted_at',
      header: 'Date',
      sortField: 'transacted_at',
      className: 'whitespace-nowrap',
      cell: (transaction) => (
        <time dateTime={transaction.transacted_at} className="text-muted-foreground">
          {format(new Date(transaction.transacted_at), 'd MMM yyyy, HH:mm')}
        </time>
      ),
    },
  ];

  const rowActions = mayUpdate
    ? (transaction: AdTransaction) => (
        <RowActions
          label={`Actions for ${transaction.company.name} ${formatMoney(transaction.amount_minor, transaction.currency)}`}
        >
          <EditRowAction label="Update status" onSelect={() => setUpdating(transaction)} />
        </RowActions>
      )
    : undefined;

  const period = range ? describeRange(range) : 'All time';
  const spendPeriod = spendRange ? describeRange(spendRange) : 'All time';

  return (
    <ResourceList
      description="Payments advertisers make for their ads to play, with totals per company."
      create={mayCreate ? { to: paths.addAdTransaction.getHref(), label: 'Add ad transaction' } : undefined}
      page={page}
      table={{ label: 'Ad transactions', noun: 'transactions', columns, rowActions }}
      filters={
        <>
          <DateRangePicker value={range} onChange={setRange} allowAllTime />
          {seesCompanies ? (
            <SliceFilters
              keys={['company_id']}
              value={{ company_id: query.company_id }}
              onChange={(_, value) => list.setFilter('company_id', value)}
            />
          ) : null}
          <PageFilterSelect page={page} name="status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} />
        </>
      }
      summary={
        <>
          <SpendSummary spend={spend.data} loading={spend.isLoading} period={spendPeriod} />
          <TransactionTotals
            totals={totals.data}
            loading={totals.isLoading}
            showCompanies={seesCompanies && (totals.data?.length ?? 0) > 1}
            period={period}
          />
        </>
      }
      icon={ReceiptIcon}
      empty={{
        title: 'No transactions yet',
        description: mayCreate
          ? 'Record what advertisers pay for their plays: the company, amount, method and date.'
          : 'Payments your company makes for its ads will appear here once AdLoop records them.',
      }}
      filteredEmpty={{
        title: 'No transactions match',
        description: `Nothing was recorded for these filters (${period}). Try a wider range or clear the filters.`,
      }}
    >
      <UpdateTransactionDialog transaction={updating} onClose={() => setUpdating(null)} />
    </ResourceList>
  );
}
