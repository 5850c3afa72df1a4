import { DownloadIcon, HistoryIcon, Loader2Icon } from 'lucide-react';
import { useMemo } from 'react';
import { ClearFiltersButton, ListToolbar } from '@/components/data-table/list-toolbar';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';
import { describeRange, rangeToInstants } from '@/components/report-filters/date-range';
import { DateRangePicker } from '@/components/report-filters/date-range-picker';
import { SliceFilters, sliceKeysFor } from '@/components/report-filters/slice-filters';
import { useDateRangeParam } from '@/components/report-filters/use-date-range-param';
import { useSliceParams } from '@/components/report-filters/use-slice-params';
import { Button } from '@/components/ui/button';
import { useExportPlaybackLogs } from '@/features/logs/api/export-playback-logs';
import { type PlaybackLogFilters, usePlaybackLogs } from '@/features/logs/api/get-playback-logs';
import { ArchivedPlaysNotice } from '@/features/logs/components/archived-plays-notice';
import { PlaybackLogTable } from '@/features/logs/components/playback-log-table';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast';

export function PlaybackLogsPage() {
  const { user } = useAuth();
  const keys = sliceKeysFor(user.role);
  const { range, setRange } = useDateRangeParam(null);
  const { slice, setSlice, clear, hasSlice } = useSliceParams(keys);
  const filters = useMemo<PlaybackLogFilters>(
    () => ({ ...slice, ...(range ? rangeToInstants(range) : {}) }),
    [slice, range],
  );
  const logs = usePlaybackLogs(filters);
  const exporter = useExportPlaybackLogs();
  const plays = logs.data?.pages.flatMap((page) => page.data);
  const archived = logs.data?.pages[0]?.meta.archived ?? [];
  const filtered = hasSlice || range !== null;

  const exportCsv = () =>
    exporter.mutate(filters, {
      onSuccess: () =>
        toast.success('Export started', {
          description: 'Your browser is downloading the CSV of every play these filters match.',
        }),
    });

  return (
    <PageShell
      description="Proof of play: every play of every ad, newest first, at the outlet's own local time."
      actions={
        <Button variant="outline" onClick={exportCsv} disabled={exporter.isPending || plays?.length === 0}>
          {exporter.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
          Export CSV
        </Button>
      }
    >
      <ListToolbar>
        <DateRangePicker value={range} onChange={setRange} allowAllTime />
        <SliceFilters keys={keys} value={slice} onChange={setSlice} />
        {filtered ? (
          <ClearFiltersButton
            onClear={() => {
              clear();
              setRange(null);
            }}
          />
        ) : null}
      </ListToolbar>

      <ArchivedPlaysNotice archived={archived} />

      <PlaybackLogTable
        plays={plays}
        loading={logs.isLoading}
        refreshing={logs.isPlaceholderData}
        error={logs.isError}
        onRetry={() => logs.refetch()}
        empty={
          filtered ? (
            <EmptyState
              icon={HistoryIcon}
              title="No plays match"
              description={`No screen reported a play for these filters${range ? ` (${describeRange(range)})` : ''}. Try a wider date range or clear the filters.`}
            />
          ) : (
            <EmptyState
              icon={HistoryIcon}
              title="No plays yet"
              description="Plays appear here within seconds of a screen showing an ad, with the ad, screen, outlet and local time."
            />
          )
        }
      />

      {plays && plays.length > 0 ? (
        <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-between">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {`Showing ${plays.length.toLocaleString('en-IN')} ${plays.length === 1 ? 'play' : 'plays'}`}
            {logs.hasNextPage ? ', newest first' : ' — that is all of them'}
          </p>
          {logs.hasNextPage ? (
            <Button
              variant="outline"
              onClick={() => logs.fetchNextPage()}
              disabled={logs.isFetchingNextPage}
              className="w-full sm:w-auto"
            >
              {logs.isFetchingNextPage ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Load more
            </Button>
          ) : null}
        </div>
      ) : null}
    </PageShell>
  );
}
