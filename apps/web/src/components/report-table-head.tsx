import { cn } from '@/lib/utils';

export type ReportColumn = { label: string; numeric?: boolean };

/**
 * The header row of a plain report table (the data table has its own, for sorting): the outer
 * columns sit 16 px in, the inner 12 px, and numeric ones align right. A column given as `false`
 * is not shown.
 */
export function ReportTableHead({ columns }: { columns: readonly (ReportColumn | false)[] }) {
  const shown = columns.filter((column): column is ReportColumn => column !== false);
  return (
    <thead className="bg-muted/40 text-left text-muted-foreground">
      <tr>
        {shown.map((column, index) => (
          <th
            key={column.label}
            scope="col"
            className={cn(
              index === 0 || index === shown.length - 1 ? 'px-4' : 'px-3',
              'py-2',
              column.numeric && 'text-right',
              'font-medium',
            )}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
