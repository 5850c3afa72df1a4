import { AlertTriangleIcon, ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon, RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsMobile } from '@/hooks/use-mobile';
import { cn } from '@/lib/utils';

export type DataColumn<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The API's sort field; makes the header a sort button. */
  sortField?: string;
  className?: string;
  /** The cell that heads a row's card on narrow screens. */
  primary?: boolean;
  /** Left out of a row's card on narrow screens. */
  hideOnMobile?: boolean;
};

type DataTableProps<Row> = {
  /** The table's accessible name, e.g. "Ads". */
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** First load: skeleton rows. */
  loading: boolean;
  /** A later load (another page or filter) while the previous rows stay visible. */
  refreshing?: boolean;
  error?: boolean;
  onRetry?: () => void;
  sort: string | undefined;
  onSortChange: (sort: string | undefined) => void;
  rowActions?: (row: Row) => ReactNode;
  /** Shown when the list loaded with no rows. */
  empty: ReactNode;
};

const SKELETON_ROWS = 5;

function nextSort(current: string | undefined, field: string): string {
  return current === field ? `-${field}` : field;
}

function SortableHead<Row>({
  column,
  sort,
  onSortChange,
}: {
  column: DataColumn<Row>;
  sort: string | undefined;
  onSortChange: (sort: string | undefined) => void;
}) {
  const field = column.sortField;
  if (!field) return <TableHead className={column.className}>{column.header}</TableHead>;
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  const Icon =
    direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ChevronsUpDownIcon;
  return (
    <TableHead className={column.className} aria-sort={direction}>
      <Button
        variant="ghost"
        size="sm"
        className="-ml-3 h-8 data-[active=true]:text-foreground text-muted-foreground"
        data-active={direction !== 'none'}
        onClick={() => onSortChange(nextSort(sort, field))}
      >
        {column.header}
        <Icon className="size-3.5" aria-hidden="true" />
      </Button>
    </TableHead>
  );
}

function ErrorState({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <AlertTriangleIcon className="size-6 text-destructive" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">This list could not be loaded.</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      ) : null}
    </div>
  );
}

function DesktopTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, loading, sort, onSortChange, rowActions } = props;
  return (
    <Table aria-label={label} className="[&_td:first-child]:pl-4 [&_th:first-child]:pl-4 [&_td:last-child]:pr-3">
      <TableHeader className="bg-muted/40">
        <TableRow className="hover:bg-transparent">
          {columns.map((column) => (
            <SortableHead key={column.id} column={column} sort={sort} onSortChange={onSortChange} />
          ))}
          {rowActions ? (
            <TableHead className="w-12">
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <TableRow key={index} aria-hidden="true">
                {columns.map((column) => (
                  <TableCell key={column.id} className="py-3">
                    <Skeleton className="h-4 w-full max-w-40" />
                  </TableCell>
                ))}
                {rowActions ? <TableCell /> : null}
              </TableRow>
            ))
          : rows?.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.id} className={cn('py-3', column.className)}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                {rowActions ? <TableCell className="py-1 text-right">{rowActions(row)}</TableCell> : null}
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

const UNSORTED = '__default__';

/** Cards have no headers to click, so narrow screens choose the order from a list. */
function MobileSort<Row>({
  columns,
  sort,
  onSortChange,
}: Pick<DataTableProps<Row>, 'columns' | 'sort' | 'onSortChange'>) {
  const sortable = columns.filter((column) => column.sortField);
  if (sortable.length === 0) return null;
  return (
    <div className="flex items-center justify-between gap-3 border-b bg-muted/40 px-4 py-2">
      <span className="text-sm text-muted-foreground">Sort by</span>
      <Select value={sort ?? UNSORTED} onValueChange={(value) => onSortChange(value === UNSORTED ? undefined : value)}>
        <SelectTrigger size="sm" aria-label="Sort by" className="min-w-0 bg-background">
          <SelectValue />
        </SelectTrigger>
        <SelectContent align="end">
          <SelectItem value={UNSORTED}>Default order</SelectItem>
          {sortable.flatMap((column) => {
            const field = column.sortField!;
            const dated = field.endsWith('_at');
            return [
              <SelectItem key={field} value={field}>
                {column.header}, {dated ? 'oldest first' : 'A–Z'}
              </SelectItem>,
              <SelectItem key={`-${field}`} value={`-${field}`}>
                {column.header}, {dated ? 'newest first' : 'Z–A'}
              </SelectItem>,
            ];
          })}
        </SelectContent>
      </Select>
    </div>
  );
}

function MobileCards<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, loading, rowActions } = props;
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const details = columns.filter((column) => column !== primary && !column.hideOnMobile);

  if (loading) {
    return (
      <ul aria-label={label} className="divide-y">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <li key={index} className="space-y-2 p-4" aria-hidden="true">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label={label} className="divide-y">
      {rows?.map((row) => (
        <li key={rowKey(row)} className="flex flex-col gap-3 p-4">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">{primary?.cell(row)}</div>
            {rowActions ? <div className="-mt-1 -mr-2 shrink-0">{rowActions(row)}</div> : null}
          </div>
          {details.length > 0 ? (
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              {details.map((column) => (
                <div key={column.id} className="contents">
                  <dt className="text-muted-foreground">{column.header}</dt>
                  <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A server-paged list: a table with sortable headers on wide screens, one card per row under
 * the mobile breakpoint (spec §9), so a phone never scrolls sideways.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const isMobile = useIsMobile();
  const { rows, loading, refreshing, error, onRetry, empty } = props;

  if (error && !rows) {
    return (
      <div className="rounded-xl border bg-card">
        <ErrorState onRetry={onRetry} />
      </div>
    );
  }
  if (!loading && rows?.length === 0) return <>{empty}</>;

  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border bg-card shadow-xs transition-opacity',
        refreshing && 'opacity-60',
      )}
      aria-busy={loading || refreshing}
    >
      {isMobile ? (
        <>
          <MobileSort columns={props.columns} sort={props.sort} onSortChange={props.onSortChange} />
          <MobileCards {...props} />
        </>
      ) : (
        <DesktopTable {...props} />
      )}
    </div>
  );
}
