import type { AnalyticsOverview, UptimeGap } from '@adloop/contract/reports';
import type { LucideIcon } from 'lucide-react';
import {
  ActivityIcon,
  BanknoteIcon,
  EyeIcon,
  HandCoinsIcon,
  MegaphoneIcon,
  MonitorIcon,
  PercentIcon,
  PlayCircleIcon,
  StoreIcon,
  WalletIcon,
} from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount as count, hasAudience } from '@/features/analytics/lib/impressions';
import { formatMoney } from '@/lib/money';
import { countOf } from '@/lib/plural';

type Kpi = { key: string; label: string; value: string; detail: string; icon: LucideIcon };

// Two cards a row on phones: an odd last card takes the whole row rather than leave a hole.
const GRID = 'grid grid-cols-2 gap-3 md:grid-cols-3';
const ODD_LAST = 'max-md:[&:last-child:nth-child(odd)]:col-span-2';

function KpiCard({ label, value, detail, icon: Icon }: Omit<Kpi, 'key'>) {
  return (
    <article
      aria-label={label}
      className={`flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs ${ODD_LAST}`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="truncate text-sm font-medium text-muted-foreground">{label}</span>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <span className="truncate text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">{value}</span>
      <span className="text-xs text-muted-foreground">{detail}</span>
    </article>
  );
}

/** Why a slice has no uptime, in the words its card shows (decision 092). */
const UPTIME_GAP_WORDS: Record<UptimeGap, string> = {
  NOT_YOUR_SCREENS: '',
  AD_OR_COMPANY_SLICE: "Uptime is the screens': clear the company and ad filters",
  RANGE_OVER_93_DAYS: 'Uptime covers at most 93 days: choose a shorter range',
  NO_SCREEN_SWITCHED_ON: 'No screen here was switched on in this range',
};

function uptimeDetail(totals: AnalyticsOverview['totals']): string {
  if (totals.uptime_unavailable) return UPTIME_GAP_WORDS[totals.uptime_unavailable];
  const screens = totals.uptime_screens ?? 0;
  return `Minutes online since first switched on, of ${count(screens)} ${screens === 1 ? 'screen' : 'screens'}`;
}

/**
 * The range's headline numbers, each naming what it counts; money only for roles that may see it
 * (revenue is null otherwise), uptime only for roles that read screen activity (decision 092).
 * Impressions are "—" when no screen that played has an audience estimate: 0 would say nobody saw them.
 */
export function KpiCards({ overview, days }: { overview: AnalyticsOverview; days: number }) {
  const { totals, revenue } = overview;
  const estimated = hasAudience(totals);
  const kpis: Kpi[] = [
    {
      key: 'plays',
      label: 'Plays',
      value: count(totals.plays),
      detail: days > 0 ? `${countOf(Math.round(totals.plays / days), 'play')} a day on average` : 'In this range',
      icon: PlayCircleIcon,
    },
    {
      key: 'impressions',
      label: 'Impressions',
      value: estimated ? count(totals.impressions) : '—',
      detail: estimated ? 'People who saw the plays, estimated' : 'No audience estimate',
      icon: EyeIcon,
    },
    {
      key: 'ads',
      label: 'Ads played',
      value: count(totals.ads),
      detail: 'With at least one play',
      icon: MegaphoneIcon,
    },
    { key: 'screens', label: 'Screens', value: count(totals.screens), detail: 'That played an ad', icon: MonitorIcon },
    {
      key: 'outlets',
      label: 'Outlets',
      value: count(totals.outlets),
      detail: 'With a screen that played',
      icon: StoreIcon,
    },
  ];
  // Advertisers read no screen activity: no card, rather than a "—" beside the screens that played.
  if (totals.uptime_unavailable !== 'NOT_YOUR_SCREENS') {
    kpis.push({
      key: 'uptime',
      label: 'Uptime',
      value: totals.uptime_pct === null ? '—' : `${totals.uptime_pct.toFixed(1)}%`,
      detail: uptimeDetail(totals),
      icon: ActivityIcon,
    });
  }
  if (revenue) {
    kpis.push(
      {
        key: 'billed',
        label: 'Billed',
        value: formatMoney(revenue.billed_minor, revenue.currency),
        detail: "These plays at the rate card: Ad transactions' spend",
        icon: BanknoteIcon,
      },
      {
        key: 'received',
        label: 'Received',
        value: formatMoney(revenue.received_minor, revenue.currency),
        detail: 'Completed payments dated in the range (UTC days)',
        icon: WalletIcon,
      },
      {
        key: 'payouts',
        label: 'Payouts',
        value: formatMoney(revenue.payouts_minor, revenue.currency),
        detail: 'Recorded for payout periods ending in the range',
        icon: HandCoinsIcon,
      },
      {
        key: 'commission',
        label: 'Commission',
        value: formatMoney(revenue.commission_minor, revenue.currency),
        detail: "AdLoop's share of those payouts",
        icon: PercentIcon,
      },
    );
  }

  return (
    <section aria-label="Totals" className={GRID}>
      {kpis.map(({ key, ...kpi }) => (
        <KpiCard key={key} {...kpi} />
      ))}
    </section>
  );
}

export function KpiSkeleton() {
  return (
    <div className={GRID} aria-hidden="true">
      {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
        <Skeleton key={key} className="h-28 rounded-xl" />
      ))}
    </div>
  );
}
