import type { DashboardSummary } from '@adloop/contract/dashboard';
import { can, scopeOf } from '@adloop/contract/permissions';
import { ROLE_LABELS, type Role } from '@adloop/contract/roles';
import { formatDistanceToNow } from 'date-fns';
import {
  ActivityIcon,
  AlertTriangleIcon,
  Building2Icon,
  CheckCircle2Icon,
  ClockIcon,
  MegaphoneIcon,
  MonitorIcon,
  PlayCircleIcon,
  RotateCwIcon,
  ShieldQuestionIcon,
  StoreIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { OutletEarningsCards } from '@/components/earnings/earnings-summary';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboardSummary } from '@/features/dashboard/api/get-dashboard-summary';
import { OfflineScreens } from '@/features/dashboard/components/offline-screens';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { SectionEmpty, SummarySection } from '@/features/dashboard/components/summary-section';
import { useAuth } from '@/lib/auth-context';
import { hrefIfAllowed } from '@/lib/dashboard-pages';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

function ago(iso: string | null) {
  return iso ? formatDistanceToNow(new Date(iso), { addSuffix: true }) : 'never';
}

function Stats({ summary }: { summary: DashboardSummary }) {
  const { user } = useAuth();
  const { counts } = summary;
  const role = user.role;
  const cards = [
    counts.screens !== null && {
      key: 'screens',
      label: 'Screens online',
      value: counts.screens_online ?? 0,
      icon: MonitorIcon,
      detail: `of ${counts.screens} ${counts.screens === 1 ? 'screen' : 'screens'}`,
      to: hrefIfAllowed(role, 'screens'),
      tone: counts.screens_online !== null && counts.screens_online < counts.screens ? ('warning' as const) : undefined,
    },
    counts.ads !== null && {
      key: 'ads',
      label: 'Ads',
      value: counts.ads,
      icon: MegaphoneIcon,
      detail: counts.ads_pending_review ? `${counts.ads_pending_review} awaiting review` : 'None awaiting review',
      // With ads waiting, the number leads to them (decision 091).
      to: counts.ads_pending_review && can(role, 'ads', 'update') ? reviewQueueHref(role) : hrefIfAllowed(role, 'ads'),
    },
    counts.plays_today !== null && {
      key: 'plays',
      label: 'Plays today',
      value: counts.plays_today,
      icon: PlayCircleIcon,
      detail: 'Reported by screens so far',
      to: hrefIfAllowed(role, 'playbackLogs'),
    },
    counts.outlets !== null && {
      key: 'outlets',
      label: 'Outlets',
      value: counts.outlets,
      icon: StoreIcon,
      to: hrefIfAllowed(role, 'outlets'),
    },
    counts.companies !== null && {
      key: 'companies',
      label: 'Companies',
      value: counts.companies,
      icon: Building2Icon,
      to: hrefIfAllowed(role, 'companies'),
    },
    counts.users !== null && {
      key: 'users',
      label: 'Users',
      value: counts.users,
      icon: UsersIcon,
      to: hrefIfAllowed(role, 'users'),
    },
  ].filter((card) => card !== false);

  if (cards.length === 0) return null;
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-6">
      {cards.map(({ key, ...card }) => (
        <StatCard key={key} {...card} />
      ))}
    </section>
  );
}

/** Where the whole queue is: the review queue for reviewers, the ads list narrowed to it for advertisers. */
function reviewQueueHref(role: Role) {
  return hrefIfAllowed(role, 'reviewQueue') ?? paths.ads.getHref({ awaiting_review: 'true' });
}

const PENDING_KIND_LABELS = { NEW_AD: 'New ad', EDIT: 'Edit' } as const;

function PendingAds({ summary }: { summary: DashboardSummary }) {
  const { user } = useAuth();
  const mayOpen = can(user.role, 'ads', 'update');
  return (
    <SummarySection
      title="Awaiting review"
      description={
        can(user.role, 'ads', 'approve')
          ? 'New ads and edits of live ads waiting for your approval.'
          : 'New ads and edits of live ads waiting for approval by AdLoop.'
      }
      to={reviewQueueHref(user.role)}
      count={{ value: summary.counts.ads_pending_review ?? 0, noun: 'waiting' }}
    >
      {summary.pending_ads.length === 0 ? (
        <SectionEmpty icon={CheckCircle2Icon}>Nothing is waiting for review.</SectionEmpty>
      ) : (
        <ul className="divide-y">
          {summary.pending_ads.map((ad) => (
            <li key={ad.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-amber-500/10">
                <ClockIcon className="size-4 text-amber-600 dark:text-amber-400" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                {mayOpen ? (
                  <Link to={paths.editAd.getHref(ad.id)} className="block truncate text-sm font-medium hover:underline">
                    {ad.title}
                  </Link>
                ) : (
                  <span className="block truncate text-sm font-medium">{ad.title}</span>
                )}
                <span className="block truncate text-xs text-muted-foreground">
                  {PENDING_KIND_LABELS[ad.kind]} · {ad.company_name}
                </span>
              </div>
              <span className="shrink-0 text-xs text-muted-foreground">{ago(ad.waiting_since)}</span>
            </li>
          ))}
        </ul>
      )}
    </SummarySection>
  );
}

const ACTIVITY_LABELS = {
  ONLINE: 'was first seen online',
  OFFLINE: 'went offline',
  BACK_ONLINE: 'came back online',
} as const;

function RecentActivity({ summary }: { summary: DashboardSummary }) {
  const { user } = useAuth();
  return (
    <SummarySection
      title="Recent activity"
      description="Screens coming online and going offline."
      to={hrefIfAllowed(user.role, 'screenActivity')}
    >
      {summary.recent_activity.length === 0 ? (
        <SectionEmpty icon={ActivityIcon}>No screen activity yet.</SectionEmpty>
      ) : (
        <ol className="grid gap-3">
          {summary.recent_activity.map((event) => (
            <li
              key={`${event.screen_id}-${event.occurred_at}-${event.kind}`}
              className="flex items-start gap-3 text-sm"
            >
              <span
                className={cn(
                  'mt-1.5 size-2 shrink-0 rounded-full',
                  event.kind === 'OFFLINE' ? 'bg-muted-foreground/50' : 'bg-emerald-500',
                )}
                aria-hidden="true"
              />
              <p className="min-w-0 flex-1">
                <span className="font-mono font-medium">{event.screen_code}</span> {ACTIVITY_LABELS[event.kind]}
                <span className="block truncate text-xs text-muted-foreground">{event.outlet_name}</span>
              </p>
              <time dateTime={event.occurred_at} className="shrink-0 text-xs text-muted-foreground">
                {ago(event.occurred_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </SummarySection>
  );
}

function SummarySkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-6">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const unmapped = user.role === 'UNMAPPED';
  const summary = useDashboardSummary(!unmapped);
  const data = summary.data;
  const seesScreens = can(user.role, 'screens', 'read');
  // A venue's own money on its home (decision 092): its outlets' earnings, paid and next payout.
  const seesEarnings = scopeOf(user.role, 'screenPayouts', 'read') === 'own';
  const seesAds = can(user.role, 'ads', 'read') && user.role !== 'OUTLET_ADMIN' && user.role !== 'OUTLET_EMPLOYEE';

  return (
    <PageShell
      description={`Welcome back, ${user.name}. Here is what needs your attention.`}
      actions={<Badge variant="secondary">{ROLE_LABELS[user.role]}</Badge>}
    >
      {unmapped ? (
        <EmptyState
          icon={ShieldQuestionIcon}
          title="Your account has no role yet"
          description="An administrator still has to give you a role and a company or outlet. Until then you can update your profile in Settings."
        />
      ) : summary.isLoading ? (
        <SummarySkeleton />
      ) : !data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-12 text-center">
          <AlertTriangleIcon className="size-6 text-destructive" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">The overview could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => summary.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Stats summary={data} />
          {seesEarnings ? <OutletEarningsCards payoutsHref={paths.screenPayouts.getHref()} /> : null}
          <div className="grid items-start gap-6 lg:grid-cols-2">
            {seesScreens ? <OfflineScreens summary={data} /> : null}
            {seesAds ? <PendingAds summary={data} /> : null}
            {seesScreens ? <RecentActivity summary={data} /> : null}
          </div>
        </>
      )}
    </PageShell>
  );
}
