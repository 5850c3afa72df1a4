import type { OutletEarnings } from '@adloop/contract/earnings';
import { format, parseISO } from 'date-fns';
import type { LucideIcon } from 'lucide-react';
import { ArrowRightIcon, BadgeCheckIcon, CalendarClockIcon, HandCoinsIcon, SunIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useEarnings } from '@/components/earnings/api/get-earnings';
import { ReportTableHead } from '@/components/report-table-head';
import { ScrollRegion } from '@/components/scroll-region';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBasisPoints, formatMoney } from '@/lib/money';

const day = (date: string) => format(parseISO(date), 'd MMM');
const period = (start: string | null, end: string | null) =>
  start && end ? (start === end ? day(start) : `${day(start)} – ${day(end)}`) : '';
const plays = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'play' : 'plays'}`;

function Figure({ label, value, hint, icon: Icon }: { label: string; value: string; hint: string; icon: LucideIcon }) {
  return (
    <article aria-label={label} className="flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      </div>
      <span className="truncate text-2xl font-semibold tracking-tight tabular-nums">{value}</span>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </article>
  );
}

/** The next payout in words: recorded and on its way, payable now, or nothing yet (decision 092). */
function nextPayoutHint(earnings: OutletEarnings): string {
  const next = earnings.next_payout;
  if (next.state === 'RECORDED') return `Recorded for ${period(next.period_start, next.period_end)}, being paid`;
  const monthly = next.expected_from ? `paid monthly, from ${format(parseISO(next.expected_from), 'd MMM')}` : '';
  if (next.state === 'PAYABLE') return `Plays of ${period(next.period_start, next.period_end)}; ${monthly}`;
  return `Nothing to pay yet; ${monthly}`;
}

function DaysTable({ earnings }: { earnings: OutletEarnings }) {
  const money = (minor: number) => formatMoney(minor, earnings.currency);
  if (earnings.days.length === 0) return null;
  return (
    <ScrollRegion label="Earned per day" className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={`Earned per day at ${earnings.outlet_name}`}>
        <ReportTableHead
          columns={[
            { label: 'Day' },
            { label: 'Plays', numeric: true },
            { label: 'At the rate card', numeric: true },
            { label: 'Earned', numeric: true },
          ]}
        />
        <tbody className="divide-y">
          {[...earnings.days].reverse().map((row) => (
            <tr key={row.date}>
              <th scope="row" className="px-4 py-2 text-left font-medium whitespace-nowrap">
                {format(parseISO(row.date), 'EEE d MMM')}
                {row.payable ? null : <span className="ml-2 text-xs text-muted-foreground">so far</span>}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{row.plays.toLocaleString('en-IN')}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums text-muted-foreground">
                {money(row.gross_minor)}
              </td>
              <td className="px-4 py-2 text-right font-medium whitespace-nowrap tabular-nums">
                {money(row.amount_minor)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

type EarningsCardProps = {
  earnings: OutletEarnings;
  /** The per-day table (the payouts page); the home shows the figures only. */
  withDays?: boolean;
  /** Where the payouts are, from the home page. */
  payoutsHref?: string;
};

/**
 * An outlet's earnings: since its last payout period (what a payout made now pays, priced as the
 * proposal prices it), today so far, paid to date and the next payout, each naming its days and
 * the outlet's time zone (decision 092).
 */
export function EarningsCard({ earnings, withDays = false, payoutsHref }: EarningsCardProps) {
  const money = (minor: number) => formatMoney(minor, earnings.currency);
  const { unpaid, today_so_far: today, paid } = earnings;
  return (
    <Card className="min-w-0 gap-4" aria-label={`Earnings at ${earnings.outlet_name}`} role="region">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">Earnings at {earnings.outlet_name}</h2>
        </CardTitle>
        <CardDescription>
          Each play at the rate card in force when it played, less AdLoop's {formatBasisPoints(earnings.commission_bps)}{' '}
          commission, as a payout works it out. Days are {earnings.outlet_name}'s, in {earnings.timezone}.
        </CardDescription>
        {payoutsHref ? (
          <CardAction>
            <Button asChild variant="ghost" size="sm">
              <Link to={payoutsHref}>
                Payouts
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure
            label="Earned since last payout"
            value={money(unpaid.amount_minor)}
            icon={HandCoinsIcon}
            hint={
              unpaid.period_start
                ? `${plays(unpaid.plays)}, ${period(unpaid.period_start, unpaid.period_end)}`
                : `No plays to ${day(unpaid.period_end)} since the last payout`
            }
          />
          <Figure
            label="Today so far"
            value={money(today.amount_minor)}
            icon={SunIcon}
            hint={`${plays(today.plays)} on ${day(today.date)}; payable from tomorrow`}
          />
          <Figure
            label="Paid to date"
            value={money(paid.amount_minor)}
            icon={BadgeCheckIcon}
            hint={
              paid.last_paid_at
                ? `${paid.payouts} ${paid.payouts === 1 ? 'payout' : 'payouts'}, the last on ${format(new Date(paid.last_paid_at), 'd MMM yyyy')}`
                : 'No payout paid yet'
            }
          />
          <Figure
            label="Next payout"
            value={money(earnings.next_payout.amount_minor)}
            icon={CalendarClockIcon}
            hint={nextPayoutHint(earnings)}
          />
        </div>
        {withDays ? <DaysTable earnings={earnings} /> : null}
      </CardContent>
    </Card>
  );
}

/** The caller's outlets' earnings, one card each, while they load a skeleton; nothing on failure but a line. */
export function OutletEarningsCards({ withDays, payoutsHref }: Omit<EarningsCardProps, 'earnings'>) {
  const earnings = useEarnings({});
  if (earnings.isLoading) return <Skeleton className="h-48 rounded-xl" aria-hidden="true" />;
  if (!earnings.data) return <p className="text-sm text-muted-foreground">Your earnings could not be loaded.</p>;
  return (
    <div className="grid min-w-0 gap-4">
      {earnings.data.map((outlet) => (
        <EarningsCard key={outlet.outlet_id} earnings={outlet} withDays={withDays} payoutsHref={payoutsHref} />
      ))}
    </div>
  );
}
