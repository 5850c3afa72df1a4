import type { Takeover } from '@adloop/contract/takeovers';
import { HistoryIcon } from 'lucide-react';
import { useState } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { EmptyState } from '@/components/empty-state';
import { useTakeovers } from '@/features/takeovers/api/get-takeovers';
import {
  screensLabel,
  TakeoverContent,
  TakeoverStatusBadge,
  When,
} from '@/features/takeovers/components/takeover-parts';

function endedLabel(takeover: Takeover) {
  if (takeover.status === 'ENDED' && takeover.ended_at) {
    return (
      <>
        Ended by {takeover.ended_by?.name ?? 'a former user'} <When iso={takeover.ended_at} />
      </>
    );
  }
  if (takeover.status === 'EXPIRED' && takeover.ends_at) {
    return (
      <>
        Ran out <When iso={takeover.ends_at} />
      </>
    );
  }
  return 'Still on screen';
}

const columns: DataColumn<Takeover>[] = [
  {
    id: 'content',
    header: 'Showed',
    primary: true,
    className: 'min-w-56 max-w-md',
    cell: (takeover) => <TakeoverContent takeover={takeover} compact />,
  },
  {
    id: 'screens',
    header: 'Screens',
    className: 'whitespace-nowrap',
    cell: (takeover) => (
      <div className="min-w-0">
        <span className="block text-sm">{screensLabel(takeover)}</span>
        <span className="block max-w-48 truncate text-xs text-muted-foreground">
          {takeover.screens.map((screen) => screen.screen_code).join(', ')}
        </span>
      </div>
    ),
  },
  {
    id: 'started',
    header: 'Started',
    cell: (takeover) => (
      <div className="min-w-0 text-sm">
        <span className="block truncate">{takeover.started_by?.name ?? 'A former user'}</span>
        <span className="block text-xs text-muted-foreground">
          <When iso={takeover.started_at} />
        </span>
      </div>
    ),
  },
  {
    id: 'ended',
    header: 'Ended',
    className: 'text-sm text-muted-foreground',
    cell: endedLabel,
  },
  { id: 'status', header: 'Status', cell: (takeover) => <TakeoverStatusBadge status={takeover.status} /> },
];

/** Every takeover that touched the viewer's screens, newest first: who put what where, and when it ended. */
export function TakeoverHistory() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const history = useTakeovers({ status: 'all', page, pageSize });

  return (
    <section aria-labelledby="takeover-history" className="space-y-3">
      <h2 id="takeover-history" className="text-base font-semibold">
        History
      </h2>
      <DataTable
        label="Takeover history"
        columns={columns}
        rows={history.data?.data}
        rowKey={(takeover) => takeover.id}
        loading={history.isLoading}
        refreshing={history.isPlaceholderData}
        error={history.isError}
        onRetry={() => history.refetch()}
        sort={undefined}
        onSortChange={() => undefined}
        empty={
          <EmptyState
            icon={HistoryIcon}
            title="No takeovers yet"
            description="Every takeover of your screens is kept here: what it showed, where, who started and ended it."
          />
        }
      />
      <ListPagination
        meta={history.data?.meta}
        noun="takeovers"
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </section>
  );
}
