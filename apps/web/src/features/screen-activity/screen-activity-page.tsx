import { can } from '@adloop/contract/permissions';
import { ActivityIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';
import { DateRangePicker } from '@/components/report-filters/date-range-picker';
import { SliceFilters, type SliceKey } from '@/components/report-filters/slice-filters';
import { useDateRangeParam } from '@/components/report-filters/use-date-range-param';
import { useSliceParams } from '@/components/report-filters/use-slice-params';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useScreenStatus } from '@/features/screen-activity/api/get-screen-status';
import { useScreenUptime } from '@/features/screen-activity/api/get-screen-uptime';
import { ActivityTimeline } from '@/features/screen-activity/components/activity-timeline';
import { byUrgency, ScreenStatusList } from '@/features/screen-activity/components/screen-status-list';
import { UptimeGrid } from '@/features/screen-activity/components/uptime-grid';
import { useAuth } from '@/lib/auth-context';

export function ScreenActivityPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = useScreenStatus();
  const { range, setRange } = useDateRangeParam('last-7-days');
  const outletKeys: SliceKey[] = can(user.role, 'outlets', 'read') ? ['outlet_id'] : [];
  const { slice, setSlice } = useSliceParams(outletKeys);
  const uptime = useScreenUptime({
    from: range?.from ?? '',
    to: range?.to ?? '',
    ...(slice.outlet_id ? { outlet_id: slice.outlet_id } : {}),
  });

  const screens = status.data ? [...status.data].sort(byUrgency) : undefined;
  const chosen = searchParams.get('screen') ?? undefined;
  const selected = screens?.find((screen) => screen.screen_id === chosen) ?? screens?.[0];
  const select = (screenId: string) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('screen', screenId);
        return params;
      },
      { replace: true },
    );

  const description = 'Which screens are on now, how much of each day they were up, and when they came and went.';
  if (status.isSuccess && status.data.length === 0) {
    return (
      <PageShell description={description}>
        <EmptyState
          icon={ActivityIcon}
          title="No screens yet"
          description="Once a screen is created and connects, its online and offline history and daily uptime appear here."
        />
      </PageShell>
    );
  }

  return (
    <PageShell description={description}>
      <ScreenStatusList screens={screens} loading={status.isLoading} selected={selected?.screen_id} onSelect={select} />

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="min-w-0 gap-4">
          <CardHeader>
            <CardTitle className="text-base">
              <h2>Uptime per day</h2>
            </CardTitle>
            <CardDescription>
              Minutes each screen was online over the minutes it existed, per day of its outlet's time zone (today up to
              now).
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <DateRangePicker value={range} onChange={setRange} />
              <SliceFilters keys={outletKeys} value={slice} onChange={setSlice} />
            </div>
            <UptimeGrid screens={uptime.data} loading={uptime.isLoading} refreshing={uptime.isPlaceholderData} />
          </CardContent>
        </Card>

        <Card className="min-w-0 gap-4">
          <CardHeader>
            <CardTitle className="text-base">
              <h2>Timeline</h2>
            </CardTitle>
            <CardDescription>
              When one screen went offline and came back, newest first, in its outlet's time zone.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {screens && screens.length > 0 ? (
              <NativeSelect
                aria-label="Screen"
                value={selected?.screen_id ?? ''}
                onChange={(event) => select(event.target.value)}
              >
                {screens.map((screen) => (
                  <NativeSelectOption key={screen.screen_id} value={screen.screen_id}>
                    {`${screen.screen_code} · ${screen.outlet_name}`}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            ) : null}
            {selected ? <ActivityTimeline key={selected.screen_id} screenId={selected.screen_id} /> : null}
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
