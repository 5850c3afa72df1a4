import type { Spend } from '@adloop/contract/billing';
import { Link } from 'react-router';
import { ReportTableHead } from '@/components/report-table-head';
import { ScrollRegion } from '@/components/scroll-region';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

function Figure({ label, value, hint, tone }: { label: string; value: string; hint: string; tone?: 'warn' | 'good' }) {
  return (
    <article aria-label={label} className="flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-4 shadow-xs">
      <span className="text-sm font-medium text-muted-foreground">{label}</span>
      <span
        className={cn(
          'truncate text-2xl font-semibold tracking-tight tabular-nums',
          tone === 'warn' && 'text-amber-700 dark:text-amber-400',
          tone === 'good' && 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {value}
      </span>
      <span className="truncate text-xs text-muted-foreground">{hint}</span>
    </article>
  );
}

type SpendSummaryProps = { spend: Spend | undefined; loading: boolean; period: string };

/**
 * What the plays of the period cost at the rate card, what was paid for them and what is owed,
 * then the spend per ad (per company when the caller sees several).
 */
export function SpendSummary({ spend, loading, period }: SpendSummaryProps) {
  if (loading) {
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  if (!spend) return null;
  const money = (minor: number) => formatMoney(minor, spend.currency);
  const { totals } = spend;
  const rows = spend.companies.flatMap((company) =>
    company.ads.map((ad) => ({ company: company.company_name, ...ad })),
  );
  const severalCompanies = spend.companies.length > 1;

  return (
    <section aria-label="Spend at the rate card" className="grid min-w-0 gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Plays"
          value={totals.plays.toLocaleString('en-IN')}
          hint={`${period} · on each outlet's clock`}
        />
        <Figure
          label="Spend at rate card"
          value={money(totals.spend_minor)}
          hint={`${period} · each play at its own price`}
        />
        <Figure label="Paid" value={money(totals.paid_minor)} hint={`${period} · completed, UTC days`} tone="good" />
        <Figure
          label={totals.balance_minor >= 0 ? 'Balance owed' : 'In credit'}
          value={money(Math.abs(totals.balance_minor))}
          hint={`${period} · spend − paid`}
          tone={totals.balance_minor > 0 ? 'warn' : 'good'}
        />
      </div>
      {rows.length > 0 ? (
        <Card className="min-w-0 gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle>
              <h2 className="text-base">Spend by ad</h2>
            </CardTitle>
            <CardDescription>
              {period} · priced by the{' '}
              <Link to={paths.rateCard.getHref()} className="text-foreground underline underline-offset-4">
                rate card
              </Link>{' '}
              in force at each play, by venue tier and peak hour.
            </CardDescription>
          </CardHeader>
          <CardContent className="min-w-0 px-0">
            <ScrollRegion label="Spend by ad" className="overflow-x-auto">
              <table className="w-full text-sm" aria-label="Spend by ad">
                <ReportTableHead
                  columns={[
                    { label: 'Ad' },
                    severalCompanies && { label: 'Company' },
                    { label: 'Plays', numeric: true },
                    { label: 'Avg per play', numeric: true },
                    { label: 'Spend', numeric: true },
                  ]}
                />
                <tbody className="divide-y">
                  {rows.map((row) => (
                    <tr key={row.ad_id}>
                      <th scope="row" className="max-w-56 truncate px-4 py-2 text-left font-medium">
                        {row.title}
                      </th>
                      {severalCompanies ? (
                        <td className="max-w-48 truncate px-3 py-2 text-muted-foreground">{row.company}</td>
                      ) : null}
                      <td className="px-3 py-2 text-right tabular-nums">{row.plays.toLocaleString('en-IN')}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums text-muted-foreground">
                        {row.plays > 0 ? money(Math.round(row.spend_minor / row.plays)) : '—'}
                      </td>
                      <td className="px-4 py-2 text-right font-medium whitespace-nowrap tabular-nums">
                        {money(row.spend_minor)}
                      </td>
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
