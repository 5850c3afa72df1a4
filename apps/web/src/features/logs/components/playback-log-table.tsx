import { offsetLabel, wallClockOffsetMinutes } from '@adloop/contract/clock';
import type { PlaybackLogRow } from '@adloop/contract/reports';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { splitLocal, zoneAbbreviation } from '@/features/logs/lib/outlet-time';

const columns: DataColumn<PlaybackLogRow>[] = [
  {
    id: 'played_at',
    header: 'Played (outlet time)',
    primary: true,
    className: 'whitespace-nowrap',
    cell: (play) => {
      const { date, time } = splitLocal(play.played_at_local);
      return (
        <div className="min-w-0">
          <time dateTime={play.played_at} className="block font-medium tabular-nums">
            {date} · {time}
          </time>
          <span className="block text-xs text-muted-foreground" title={play.timezone}>
            {zoneAbbreviation(play.timezone, play.played_at)} · {play.timezone}
          </span>
        </div>
      );
    },
  },
  {
    id: 'ad',
    header: 'Ad',
    className: 'min-w-40',
    cell: (play) => (
      <div className="min-w-0">
        <span className="block truncate font-medium">{play.ad_title}</span>
        <span className="block truncate text-xs text-muted-foreground">{play.company_name}</span>
      </div>
    ),
  },
  {
    id: 'screen',
    header: 'Screen',
    className: 'min-w-40',
    cell: (play) => (
      <div className="min-w-0">
        <span className="block truncate font-mono text-sm font-medium">{play.screen_code}</span>
        <span className="block truncate text-xs text-muted-foreground">
          {play.outlet_name} · {play.outlet_code}
        </span>
      </div>
    ),
  },
  {
    id: 'reported',
    header: 'Screen clock',
    hideOnMobile: true,
    className: 'whitespace-nowrap',
    cell: (play) => {
      // The screen reports its wall clock without a zone: the offset it kept from the play's instant names it.
      const offset = wallClockOffsetMinutes(play.screen_date, play.screen_time, play.played_at);
      return (
        <div className="min-w-0 text-muted-foreground">
          <span className="block tabular-nums">
            {play.screen_date} {play.screen_time}
          </span>
          {offset !== null && <span className="block text-xs">{offsetLabel(offset)} · as reported</span>}
        </div>
      );
    },
  },
  {
    id: 'count',
    header: 'Plays',
    hideOnMobile: true,
    className: 'text-right tabular-nums',
    cell: (play) => play.play_count,
  },
  {
    id: 'id',
    header: 'Play ID',
    hideOnMobile: true,
    cell: (play) => (
      <span className="font-mono text-xs text-muted-foreground" title={play.id} data-play-id={play.id}>
        {play.id.slice(0, 8)}
      </span>
    ),
  },
];

type PlaybackLogTableProps = {
  plays: PlaybackLogRow[] | undefined;
  loading: boolean;
  refreshing: boolean;
  error: boolean;
  onRetry: () => void;
  empty: ReactNode;
};

/** One row per play: when (in the outlet's own zone), which ad, on which screen of which outlet. */
export function PlaybackLogTable({ plays, loading, refreshing, error, onRetry, empty }: PlaybackLogTableProps) {
  return (
    <DataTable
      label="Plays"
      columns={columns}
      rows={plays}
      rowKey={(play) => play.id}
      loading={loading}
      refreshing={refreshing}
      error={error}
      onRetry={onRetry}
      sort={undefined}
      onSortChange={() => undefined}
      empty={empty}
    />
  );
}
