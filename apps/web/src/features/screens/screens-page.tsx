import { can } from '@adloop/contract/permissions';
import type { Screen } from '@adloop/contract/screens';
import { KeyRoundIcon, LinkIcon, MonitorIcon, MonitorOffIcon, PowerIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { DataColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/list-toolbar';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import { DeleteRowAction, EditRowAction } from '@/components/data-table/row-action-items';
import { RowActions } from '@/components/data-table/row-actions';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { PasscodeDialog } from '@/features/screens/components/passcode-dialog';
import { ScreenConnection, ScreenStatusBadges, ScreenTags } from '@/features/screens/components/screen-badges';
import { useScreenCommands } from '@/features/screens/hooks/use-screen-commands';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
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
  const page = useResourcePage(screenResource, FILTERS);
  const { list, query } = page;
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
                <EditRowAction to={paths.editScreen.getHref(screen.id)} />
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
            {mayDelete ? <DeleteRowAction onSelect={() => commands.askDelete(screen)} /> : null}
          </RowActions>
        )
      : undefined;

  return (
    <ResourceList
      description="Display screens in your outlets, whether they are online now and when they were last seen."
      create={mayCreate ? { to: paths.createScreen.getHref(), label: 'Create screen' } : undefined}
      actions={
        mayUpdate ? (
          <PageLinkButton to={paths.pairScreen.getHref()} icon={LinkIcon} label="Pair a display" variant="outline" />
        ) : undefined
      }
      page={page}
      table={{ label: 'Screens', noun: 'screens', columns, rowActions }}
      search={{ label: 'Search screens', placeholder: 'Search by code or name…' }}
      filters={
        <>
          <PageFilterSelect
            page={page}
            name="online"
            label="Connection"
            allLabel="Online and offline"
            options={ONLINE_OPTIONS}
          />
          <PageFilterSelect page={page} name="status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} />
          <OutletFilter value={query.outlet_id} onChange={(value) => list.setFilter('outlet_id', value)} />
        </>
      }
      icon={MonitorIcon}
      empty={{
        title: 'No screens yet',
        description:
          'Add a screen to an outlet, then pair its display from your phone, or sign it in with its code and passcode.',
      }}
      filteredEmpty={{ title: 'No screens match', description: 'Try another search or clear the filters.' }}
    >
      <PasscodeDialog revealed={commands.revealed} onDone={commands.closeRevealed} />
      {commands.confirmDialog}
    </ResourceList>
  );
}
