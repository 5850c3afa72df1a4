import { type AdTransaction, adTransactionListQuerySchema, TRANSACTION_STATUSES } from '@adloop/contract/billing';
import { can, scopeOf } from '@adloop/contract/permissions';
import { format } from 'date-fns';
import { PencilIcon, PlusIcon, ReceiptIcon } from 'lucide-react';
import { useState } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { ClearFiltersButton, FilterSelect, ListToolbar } from '@/components/data-table/list-toolbar';
import { RowActions } from '@/components/data-table/row-actions';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { describeRange, presetRange } from '@/components/report-filters/date-range';
import { DateRangePicker } from '@/components/report-filters/date-range-picker';
import { SliceFilters } from '@/components/report-filters/slice-filters';
import { useDateRangeParam } from '@/components/report-filters/use-date-range-param';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useAdTransactionTotals } from '@/features/billing/api/get-ad-transaction-totals';
import { useAdTransactions } from '@/features/billing/api/get-ad-transactions';
import { useSpend } from '@/features/billing/api/get-spend';
import { SpendSummary } from '@/features/billing/components/spend-summary';
import { StatusBadge } from '@/features/billing/components/status-badge';
import { TransactionTotals } from '@/features/billing/components/transaction-totals';
import { UpdateTransactionDialog } from '@/features/billing/components/update-transaction-dialog';
import { METHOD_LABELS, TRANSACTION_STATUS_LABELS } from '@/features/billing/lib/labels';
import { useListParams } from '@/hooks/use-list-params';
import { useAuth } from '@/lib/auth-context';
import { parseListQuery } from '@/lib/list-query';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';

const FILTERS = ['company_id', 'status', 'from', 'to'] as const;
const STATUS_OPTIONS = TRANSACTION_STATUSES.map((status) => ({
  value: status,
  label: TRANSACTION_STATUS_LABELS[status],
}));

export function AdTransactionsPage() {
  const { user } = useAuth();
  const list = useListParams(FILTERS);
  const query = parseListQuery(adTransactionListQuerySchema, list.raw);
  const { range, setRange } = useDateRangeParam(null);
  const transactions = useAdTransactions(query);
  const totals = useAdTransactionTotals({ company_id: query.company_id, from: query.from, to: query.to });
  const [updating, setUpdating] = useState<AdTransaction | null>(null);
  // Spend needs a bounded period of at most a year: the range chosen (its last year), else this month.
  const chosen = range ?? presetRange('this-month');
  const yearBefore = new Date(Date.parse(`${chosen.to}T00:00:00Z`) - 366 * 86_400_000).toISOString().slice(0, 10);
  const spendRange = { from: chosen.from < yearBefore ? yearBefore : chosen.from, to: chosen.to };
  const spend = useSpend({ company_id: query.company_id, from: spendRange.from, to: spendRange.to });
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

  const period = range ? describeRange(range) : 'All time';

  return (
    <PageShell
      description="Payments advertisers make for their ads to play, with totals per company."
      actions={
        mayCreate ? (
          <PageLinkButton to={paths.addAdTransaction.getHref()} icon={PlusIcon} label="Add ad transaction" />
        ) : null
      }
    >
      <ListToolbar>
        <DateRangePicker value={range} onChange={setRange} allowAllTime />
        {seesCompanies ? (
          <SliceFilters
            keys={['company_id']}
            value={{ company_id: query.company_id }}
            onChange={(_, value) => list.setFilter('company_id', value)}
          />
        ) : null}
        <FilterSelect
          label="Status"
          value={query.status}
          onChange={(value) => list.setFilter('status', value)}
          allLabel="All statuses"
          options={STATUS_OPTIONS}
        />
        {list.hasFilters ? <ClearFiltersButton onClear={list.clear} /> : null}
      </ListToolbar>

      <SpendSummary spend={spend.data} loading={spend.isLoading} period={describeRange(spendRange)} />

      <TransactionTotals
        totals={totals.data}
        loading={totals.isLoading}
        showCompanies={seesCompanies && (totals.data?.length ?? 0) > 1}
        period={period}
      />

      <DataTable
        label="Ad transactions"
        columns={columns}
        rows={transactions.data?.data}
        rowKey={(transaction) => transaction.id}
        loading={transactions.isLoading}
        refreshing={transactions.isPlaceholderData}
        error={transactions.isError}
        onRetry={() => transactions.refetch()}
        sort={query.sort}
        onSortChange={list.setSort}
        rowActions={
          mayUpdate
            ? (transaction) => (
                <RowActions
                  label={`Actions for ${transaction.company.name} ${formatMoney(transaction.amount_minor, transaction.currency)}`}
                >
                  <DropdownMenuItem onSelect={() => setUpdating(transaction)}>
                    <PencilIcon aria-hidden="true" />
                    Update status
                  </DropdownMenuItem>
                </RowActions>
              )
            : undefined
        }
        empty={
          list.hasFilters ? (
            <EmptyState
              icon={ReceiptIcon}
              title="No transactions match"
              description={`Nothing was recorded for these filters (${period}). Try a wider range or clear the filters.`}
            >
              <Button variant="outline" onClick={list.clear}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={ReceiptIcon}
              title="No transactions yet"
              description={
                mayCreate
                  ? 'Record what advertisers pay for their plays: the company, amount, method and date.'
                  : 'Payments your company makes for its ads will appear here once AdLoop records them.'
              }
            >
              {mayCreate ? (
                <PageLinkButton to={paths.addAdTransaction.getHref()} icon={PlusIcon} label="Add ad transaction" />
              ) : null}
            </EmptyState>
          )
        }
      />
      <ListPagination
        meta={transactions.data?.meta}
        noun="transactions"
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />

      <UpdateTransactionDialog transaction={updating} onClose={() => setUpdating(null)} />
    </PageShell>
  );
}
