import { ReportTableHead } from '@/components/report-table-head';
import { ScrollRegion } from '@/components/scroll-region';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { AdTransactionTotal } from '@/features/billing/api/get-ad-transaction-totals';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';

type Sum = { currency: string; completed: number; pending: number; refunded: number; failed: number; count: number };

function sumByCurrency(totals: AdTransactionTotal[]): Sum[] {
  const sums = new Map<string, Sum>();
  for (const total of totals) {
    const sum = sums.get(total.currency) ?? {
      currency: total.currency,
      completed: 0,
      pending: 0,
      refunded: 0,
      failed: 0,
      count: 0,
    };
    sum.completed += total.completed_minor;
    sum.pending += total.pending_minor;
    sum.refunded += total.refunded_minor;
    sum.failed += total.failed_minor;
    sum.count += total.count;
    sums.set(total.currency, sum);
  }
  return [...sums.values()];
}

function Figure({
  label,
  value,
  hint,
  tone,
}: {
  label: string;
  value: string;
  hint: string;
  tone?: 'good' | 'warn' | 'muted';
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-4 shadow-xs">
      <span className="text-sm font-medium text-muted-foreground">{label}</span>
      <span
        className={cn(
          'truncate text-2xl font-semibold tracking-tight tabular-nums',
          tone === 'good' && 'text-emerald-700 dark:text-emerald-400',
          tone === 'warn' && 'text-amber-700 dark:text-amber-400',
          tone === 'muted' && 'text-muted-foreground',
        )}
      >
        {value}
      </span>
      <span className="truncate text-xs text-muted-foreground">{hint}</span>
    </div>
  );
}

type TransactionTotalsProps = {
  totals: AdTransactionTotal[] | undefined;
  loading: boolean;
  /** A company role has one company: its row would only repeat the headline figures. */
  showCompanies: boolean;
  period: string;
};

/** Headline money of the period, then the same per company, each per currency (never added across currencies). */
export function TransactionTotals({ totals, loading, showCompanies, period }: TransactionTotalsProps) {
  if (loading) {
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  if (!totals?.length) return null;
  const sums = sumByCurrency(totals);
  // Transactions are dated by UTC day, as the list's date filter reads them (decision 092).
  const hint = `${period} · UTC days`;

  return (
    <section aria-label="Totals" className="grid min-w-0 gap-4">
      {sums.map((sum) => (
        <div key={sum.currency} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Received" value={formatMoney(sum.completed, sum.currency)} hint={hint} tone="good" />
          <Figure label="Pending" value={formatMoney(sum.pending, sum.currency)} hint={hint} tone="warn" />
          <Figure label="Refunded" value={formatMoney(sum.refunded, sum.currency)} hint={hint} tone="muted" />
          <Figure label="Transactions" value={sum.count.toLocaleString('en-IN')} hint={hint} />
        </div>
      ))}
      {showCompanies ? (
        <Card className="min-w-0 gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-base">
              <h2>By company</h2>
            </CardTitle>
            <CardDescription>{period}</CardDescription>
          </CardHeader>
          <CardContent className="min-w-0 px-0">
            <ScrollRegion label="Totals by company" className="overflow-x-auto">
              <table className="w-full text-sm" aria-label="Totals by company">
                <ReportTableHead
                  columns={[
                    { label: 'Company' },
                    { label: 'Received', numeric: true },
                    { label: 'Pending', numeric: true },
                    { label: 'Refunded', numeric: true },
                    { label: 'Failed', numeric: true },
                    { label: 'Count', numeric: true },
                  ]}
                />
                <tbody className="divide-y">
                  {totals.map((total) => (
                    <tr key={`${total.company_id}-${total.currency}`}>
                      <th scope="row" className="max-w-48 truncate px-4 py-2 text-left font-medium">
                        {total.company_name}
                      </th>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatMoney(total.completed_minor, total.currency)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatMoney(total.pending_minor, total.currency)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums text-muted-foreground">
                        {formatMoney(total.refunded_minor, total.currency)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums text-muted-foreground">
                        {formatMoney(total.failed_minor, total.currency)}
                      </td>
                      <td className="px-4 py-2 text-right tabular-nums">{total.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
