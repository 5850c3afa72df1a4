// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { type ComponentProps, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { renderPage } from '@/test/render-page';

type Screen = { id: string; name: string; outlet: string };

const SCREENS: Screen[] = [
  { id: 's1', name: 'Counter left', outlet: 'Third Wave' },
  { id: 's2', name: 'Entrance', outlet: 'Blue Tokai' },
];

const COLUMNS: DataColumn<Screen>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortField: 'name', primary: true },
  { id: 'outlet', header: 'Outlet', cell: (row) => row.outlet },
];

type TableProps = ComponentProps<typeof DataTable<Screen>>;

const TABLE: TableProps = {
  label: 'Screens',
  columns: COLUMNS,
  rows: SCREENS,
  rowKey: (row) => row.id,
  loading: false,
  sort: undefined,
  onSortChange: () => {},
  empty: <p>No screens yet</p>,
};

function renderTable(props: Partial<TableProps> = {}) {
  return renderPage(<DataTable<Screen> {...TABLE} {...props} />);
}

describe('DataTable', () => {
  it('shows one row per item under the column headers', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Screens' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Outlet' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: 'Counter left' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: 'Blue Tokai' })).toBeInTheDocument();
  });

  it('marks itself busy and shows no rows while loading', () => {
    renderTable({ rows: undefined, loading: true });
    expect(screen.getByRole('table', { name: 'Screens' }).closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('cell', { name: 'Counter left' })).not.toBeInTheDocument();
  });

  it('says a failed load failed and retries when asked', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ rows: undefined, error: true, onRetry });
    expect(screen.getByText('This list could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the empty slot when the list loaded with no rows', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('No screens yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts by a header: ascending first, then descending', async () => {
    const onSortChange = vi.fn();
    function SortedTable() {
      const [sort, setSort] = useState<string | undefined>();
      const changeSort = (next: string | undefined) => {
        onSortChange(next);
        setSort(next);
      };
      return <DataTable<Screen> {...TABLE} sort={sort} onSortChange={changeSort} />;
    }
    const { user } = renderPage(<SortedTable />);
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(within(screen.getByRole('columnheader', { name: 'Outlet' })).queryByRole('button')).toBeNull();

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith('name');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith('-name');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  });

  it("opens a row's actions menu and runs the chosen action for that row", async () => {
    const onRename = vi.fn();
    const { user } = renderTable({
      rowActions: (row) => (
        <RowActions label={`Actions for ${row.name}`}>
          <DropdownMenuItem onSelect={() => onRename(row.id)}>Rename</DropdownMenuItem>
        </RowActions>
      ),
    });
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Entrance' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledWith('s2');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
