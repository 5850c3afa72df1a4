import { type ReactNode, useId } from 'react';
import { ScrollRegion } from '@/components/scroll-region';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type ChartCardProps = {
  title: string;
  description?: string;
  chart: ReactNode;
  /** The chart's numbers as a table, for screen readers and anyone who wants the exact figures. */
  table: ReactNode;
  /** Table beside the chart on wide screens instead of under it. */
  side?: boolean;
  className?: string;
};

/**
 * A chart with the same numbers in a table beside or under it. The chart is one image to a
 * screen reader, named after the card and summed up by its description; the table has the figures.
 */
export function ChartCard({ title, description, chart, table, side = false, className }: ChartCardProps) {
  const descriptionId = useId();

  return (
    <Card className={cn('min-w-0 gap-4', className)}>
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{title}</h2>
        </CardTitle>
        {description ? <CardDescription id={descriptionId}>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent
        className={cn('grid min-w-0 gap-4', side && 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start')}
      >
        <div
          className="min-w-0"
          role="img"
          aria-label={`Chart: ${title}`}
          aria-describedby={description ? descriptionId : undefined}
        >
          {chart}
        </div>
        <ScrollRegion label={`${title}: figures`} className="max-h-72 min-w-0 overflow-auto rounded-lg border">
          {table}
        </ScrollRegion>
      </CardContent>
    </Card>
  );
}

type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** Left out on phones, where the card is too narrow for every column. */
  hideOnMobile?: boolean;
};

type FigureTableProps<Row> = {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
};

/** The small table under each chart: a first column that names the row, then right-aligned numbers. */
export function FigureTable<Row>({ label, rows, rowKey, columns }: FigureTableProps<Row>) {
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead className="sticky top-0 bg-muted text-muted-foreground">
        <tr>
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={cn(
                'px-2 py-2 font-medium whitespace-nowrap sm:px-3',
                column.numeric ? 'text-right' : 'text-left',
                column.hideOnMobile && 'hidden sm:table-cell',
              )}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) =>
              index === 0 ? (
                <th
                  key={column.header}
                  scope="row"
                  className="max-w-32 px-2 py-1.5 text-left font-normal sm:max-w-48 sm:px-3"
                >
                  {column.cell(row)}
                </th>
              ) : (
                <td
                  key={column.header}
                  className={cn(
                    'px-2 py-1.5 whitespace-nowrap sm:px-3',
                    column.numeric && 'text-right tabular-nums',
                    column.hideOnMobile && 'hidden sm:table-cell',
                  )}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
