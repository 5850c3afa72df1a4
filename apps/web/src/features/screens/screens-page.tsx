import { can } from '@adloop/contract/permissions';
import { type Screen, screenListQuerySchema } from '@adloop/contract/screens';
import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, MonitorIcon, MonitorOffIcon, PencilIcon, PlusIcon, PowerIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { ClearFiltersButton, FilterSelect, ListSearch, ListToolbar } from '@/components/data-table/list-toolbar';
import { RowActions } from '@/components/data-table/row-actions';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { PasscodeDialog } from '@/features/screens/components/passcode-dialog';
import { ScreenConnection, ScreenStatusBadges, ScreenTags } from '@/features/screens/components/screen-badges';
import { useScreenCommands } from '@/features/screens/hooks/use-screen-commands';
import { useListParams } from '@/hooks/use-list-params';
import { useAuth } from '@/lib/auth-context';
import { parseListQuery } from '@/lib/list-query';
import { paths } from '@/lib/paths';
import { useOutletOptions } from '@/lib/resources/outlets';
import { screenResource } from '@/lib/resources/screens';

const FILTERS = ['status', 'online', 'outlet_id', 'tag'] as const;
const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'DISABLED', label: 'Disabled' },
];
const ONLINE_OPTIONS = [
  { value: 'true', label: 'Online now' },
  { value: 'false', label: 'Offline' },
];

function OutletFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const outlets = useOutletOptions('');
  const options = (outlets.data ?? []).map((outlet) => ({ value: outlet.id, label: outlet.name }));
  if (options.length < 2 && !value) return null;
  return <FilterSelect label="Outlet" value={value} onChange={onChange} allLabel="All outlets" options={options} />;
}

export function ScreensPage() {
  const { user } = useAuth();
  const list = useListParams(FILTERS);
  const query = parseListQuery(screenListQuerySchema, list.raw);
  const screens = useQuery(screenResource.listOptions(query));
  const commands = useScreenCommands();
  const mayCreate = can(user.role, 'screens', 'create');
  const mayUpdate = can(user.role, 'screens', 'update');
  const mayDelete = can(user.role, 'screens', 'delete');

  const columns: DataColumn<Screen>[] = [
    {
      id: 'screen_code',
      header: 'Screen',
      sortField: 'screen_code',
      primary: true,
      cell: (screen) => (
        <div className="min-w-0">
          {mayUpdate ? (
            <Link
              to={paths.editScreen.getHref(screen.id)}
              className="font-mono font-medium underline-offset-4 hover:underline"
            >
              {screen.screen_code}
            </Link>
          ) : (
            <span className="font-mono font-medium">{screen.screen_code}</span>
          )}
          {screen.name ? <span className="block truncate text-xs text-muted-foreground">{screen.name}</span> : null}
        </div>
      ),
    },
    {
      id: 'outlet',
      header: 'Outlet',
      cell: (screen) => (
        <div className="min-w-0">
          <span className="block truncate">{screen.outlet.name}</span>
          <span className="block text-xs text-muted-foreground">{screen.outlet.outlet_code}</span>
        </div>
      ),
    },
    {
      id: 'connection',
      header: 'Connection',
      sortField: 'last_seen_at',
      cell: (screen) => <ScreenConnection screen={screen} compact />,
    },
    { id: 'status', header: 'Status', sortField: 'status', cell: (screen) => <ScreenStatusBadges screen={screen} /> },
    { id: 'tags', header: 'Tags', className: 'whitespace-normal', cell: (screen) => <ScreenTags tags={screen.tags} /> },
  ];

  const rowActions =
    mayUpdate || mayDelete
      ? (screen: Screen) => (
          <RowActions label={`Actions for ${screen.screen_code}`}>
            {mayUpdate ? (
              <>
                <DropdownMenuItem asChild>
                  <Link to={paths.editScreen.getHref(screen.id)}>
                    <PencilIcon aria-hidden="true" />
                    Edit
                  </Link>
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => commands.askReset(screen)}>
                  <KeyRoundIcon aria-hidden="true" />
                  Reset passcode
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => commands.toggleStatus(screen)}>
                  {screen.status === 'ACTIVE' ? (
                    <MonitorOffIcon aria-hidden="true" />
                  ) : (
                    <PowerIcon aria-hidden="true" />
                  )}
                  {screen.status === 'ACTIVE' ? 'Disable' : 'Enable'}
                </DropdownMenuItem>
              </>
            ) : null}
            {mayDelete ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => commands.askDelete(screen)}>
                  <Trash2Icon aria-hidden="true" />
                  Delete
                </DropdownMenuItem>
              </>
            ) : null}
          </RowActions>
        )
      : undefined;

  return (
    <PageShell
      description="Display screens in your outlets, whether they are online now and when they were last seen."
      actions={
        mayCreate ? <PageLinkButton to={paths.createScreen.getHref()} icon={PlusIcon} label="Create screen" /> : null
      }
    >
      <ListToolbar>
        <ListSearch
          value={list.q}
          onSearch={list.setSearch}
          label="Search screens"
          placeholder="Search by code or name…"
        />
        <FilterSelect
          label="Connection"
          value={query.online}
          onChange={(value) => list.setFilter('online', value)}
          allLabel="Online and offline"
          options={ONLINE_OPTIONS}
        />
        <FilterSelect
          label="Status"
          value={query.status}
          onChange={(value) => list.setFilter('status', value)}
          allLabel="All statuses"
          options={STATUS_OPTIONS}
        />
        <OutletFilter value={query.outlet_id} onChange={(value) => list.setFilter('outlet_id', value)} />
        {list.hasFilters ? <ClearFiltersButton onClear={list.clear} /> : null}
      </ListToolbar>

      <DataTable
        label="Screens"
        columns={columns}
        rows={screens.data?.data}
        rowKey={(screen) => screen.id}
        loading={screens.isLoading}
        refreshing={screens.isPlaceholderData}
        error={screens.isError}
        onRetry={() => screens.refetch()}
        sort={query.sort}
        onSortChange={list.setSort}
        rowActions={rowActions}
        empty={
          list.hasFilters ? (
            <EmptyState
              icon={MonitorIcon}
              title="No screens match"
              description="Try another search or clear the filters."
            >
              <Button variant="outline" onClick={list.clear}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={MonitorIcon}
              title="No screens yet"
              description="Add a screen to an outlet, then sign it in on the screen with its code and passcode."
            >
              {mayCreate ? (
                <PageLinkButton to={paths.createScreen.getHref()} icon={PlusIcon} label="Create screen" />
              ) : null}
            </EmptyState>
          )
        }
      />
      <ListPagination
        meta={screens.data?.meta}
        noun="screens"
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
      <PasscodeDialog revealed={commands.revealed} onDone={commands.closeRevealed} />
      {commands.confirmDialog}
    </PageShell>
  );
}
