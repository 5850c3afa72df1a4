import { canSeeField } from '@adloop/contract/field-grants';
import { can } from '@adloop/contract/permissions';
import type { AnalyticsQuery } from '@adloop/contract/reports';
import { COMPANY_ROLES } from '@adloop/contract/roles';
import { AlertTriangleIcon, BarChart3Icon, RotateCwIcon } from 'lucide-react';
import { useMemo } from 'react';
import { ClearFiltersButton, ListToolbar } from '@/components/data-table/list-toolbar';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';
import { daysIn, describeRange } from '@/components/report-filters/date-range';
import { DateRangePicker } from '@/components/report-filters/date-range-picker';
import { SliceFilters, sliceKeysFor } from '@/components/report-filters/slice-filters';
import { useDateRangeParam } from '@/components/report-filters/use-date-range-param';
import { useSliceParams } from '@/components/report-filters/use-slice-params';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnalyticsOverview } from '@/features/analytics/api/get-analytics-overview';
import { CompanyShare } from '@/features/analytics/components/company-share';
import { ImpressionsNote } from '@/features/analytics/components/impressions-note';
import { KpiCards, KpiSkeleton } from '@/features/analytics/components/kpi-cards';
import { PlaysOverTime } from '@/features/analytics/components/plays-over-time';
import { RankingChart } from '@/features/analytics/components/ranking-chart';
import { VariantComparison } from '@/features/analytics/components/variant-comparison';
import { hasAudience } from '@/features/analytics/lib/impressions';
import { fillDays } from '@/features/analytics/lib/series';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/utils';

export function AnalyticsPage() {
  const { user } = useAuth();
  const keys = sliceKeysFor(user.role);
  const { range, setRange } = useDateRangeParam('last-7-days');
  const { slice, setSlice, clear, hasSlice } = useSliceParams(keys);
  // The fallback preset means a range is always there.
  const period = range ?? { from: '', to: '' };
  const query = useMemo<AnalyticsQuery>(
    () => ({ ...slice, from: period.from, to: period.to }),
    [slice, period.from, period.to],
  );
  const overview = useAnalyticsOverview(query);
  const data = overview.data;
  const series = useMemo(
    () => (data ? fillDays(data.series, period.from, period.to) : []),
    [data, period.from, period.to],
  );
  const seesCompanies = keys.includes('company_id');
  const withImpressions = data ? hasAudience(data.totals) : false;
  // A/B results are the advertiser's (decision 034): global admins and company roles.
  const seesVariants = user.role === 'GLOBAL_ADMIN' || (COMPANY_ROLES as readonly string[]).includes(user.role);
  // The subtitle promises only what this role is shown (decision 092).
  const extras = [
    canSeeField(user.role, 'analytics', 'totals.uptime_pct') && 'uptime',
    canSeeField(user.role, 'analytics', 'revenue') && 'money',
  ].filter(Boolean);

  return (
    <PageShell
      description={`How often ads play and how many people see them, where and when: by ad, company, outlet and screen${extras.length > 0 ? `, with ${extras.join(' and ')}` : ''}.${can(user.role, 'screenPayouts', 'read') && !canSeeField(user.role, 'analytics', 'revenue') ? ' What your screens earned is under Screen payouts.' : ''}`}
    >
      <ListToolbar>
        <DateRangePicker value={range} onChange={(next) => next && setRange(next)} />
        <SliceFilters keys={keys} value={slice} onChange={setSlice} />
        {hasSlice ? <ClearFiltersButton onClear={clear} /> : null}
      </ListToolbar>

      {overview.isLoading ? (
        <div className="grid gap-6">
          <KpiSkeleton />
          <Skeleton className="h-80 rounded-xl" />
          <div className="grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-72 rounded-xl" />
            <Skeleton className="h-72 rounded-xl" />
          </div>
        </div>
      ) : !data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-12 text-center">
          <AlertTriangleIcon className="size-6 text-destructive" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">The analytics could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => overview.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <div
          className={cn('grid gap-6 transition-opacity', overview.isPlaceholderData && 'opacity-60')}
          aria-busy={overview.isPlaceholderData}
        >
          <div className="grid gap-3">
            <KpiCards overview={data} days={daysIn(period)} />
            <p className="text-xs text-muted-foreground">
              {describeRange(period)} ({period.from} to {period.to}), each play on its outlet's date and clock.
            </p>
            {data.totals.plays > 0 ? <ImpressionsNote overview={data} /> : null}
          </div>
          {seesVariants ? <VariantComparison from={period.from} to={period.to} /> : null}
          {data.totals.plays === 0 ? (
            <EmptyState
              icon={BarChart3Icon}
              title="No plays in this range"
              description={`No screen reported a play ${hasSlice ? 'for these filters ' : ''}in this range (${describeRange(period)}). Charts appear as soon as screens report plays; try a wider range.`}
            />
          ) : (
            <>
              <PlaysOverTime series={series} impressions={withImpressions ? data.totals.impressions : null} />
              <div className="grid items-start gap-6 lg:grid-cols-2">
                <RankingChart
                  title="Top ads"
                  description="The ads played most in this range."
                  noun="Ad"
                  detailHeader="Company"
                  withImpressions={withImpressions}
                  slices={data.by_ad.map((ad) => ({
                    id: ad.id,
                    name: ad.name,
                    plays: ad.plays,
                    impressions: ad.impressions,
                    detail: ad.company_name,
                  }))}
                />
                {seesCompanies && data.by_company.length > 0 ? (
                  <CompanyShare companies={data.by_company} withImpressions={withImpressions} />
                ) : null}
                <RankingChart
                  title="By outlet"
                  description="Where the ads played."
                  noun="Outlet"
                  withImpressions={withImpressions}
                  slices={data.by_outlet.map((outlet) => ({
                    ...outlet,
                    impressions: outlet.has_audience ? outlet.impressions : null,
                    impressionsNote: outlet.has_audience ? undefined : 'No screen here has an audience estimate',
                  }))}
                />
                <RankingChart
                  title="By screen"
                  description={
                    withImpressions
                      ? "Each screen's plays in this range, and the people its audience estimate says saw them."
                      : "Each screen's plays in this range."
                  }
                  noun="Screen"
                  detailHeader="Outlet"
                  withImpressions={withImpressions}
                  slices={data.by_screen.map((screen) => ({
                    id: screen.id,
                    name: screen.name,
                    plays: screen.plays,
                    // A screen without an estimate has no impressions to tell, rather than none seen.
                    impressions: screen.audience_source === null ? null : screen.impressions,
                    impressionsNote:
                      screen.audience_source === null
                        ? 'No audience estimate'
                        : `Audience estimate: ${screen.audience_source}`,
                    detail: screen.outlet_name,
                  }))}
                />
              </div>
            </>
          )}
        </div>
      )}
    </PageShell>
  );
}
