import { type Outlet, outletListQuerySchema } from '@adloop/contract/outlets';
import { can } from '@adloop/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, PowerIcon, PowerOffIcon, StoreIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { ClearFiltersButton, ListSearch, ListToolbar } from '@/components/data-table/list-toolbar';
import { RowActions } from '@/components/data-table/row-actions';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { ActiveBadge } from '@/features/onboarding/components/active-badge';
import { useOutletCommands } from '@/features/onboarding/hooks/use-outlet-commands';
import { useListParams } from '@/hooks/use-list-params';
import { useAuth } from '@/lib/auth-context';
import { parseListQuery } from '@/lib/list-query';
import { paths } from '@/lib/paths';
import { TIER_LABELS } from '@/lib/rate-card';
import { outletResource } from '@/lib/resources/outlets';

const FILTERS = ['tag', 'pincode'] as const;

function formatCommission(basisPoints: number | null) {
  if (basisPoints === null) return '—';
  return `${(basisPoints / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;
}

export function OutletsPage() {
  const { user } = useAuth();
  const list = useListParams(FILTERS);
  const query = parseListQuery(outletListQuerySchema, list.raw);
  const outlets = useQuery(outletResource.listOptions(query));
  const commands = useOutletCommands();
  const mayCreate = can(user.role, 'outlets', 'create');
  const mayUpdate = can(user.role, 'outlets', 'update');
  const mayDelete = can(user.role, 'outlets', 'delete');

  const columns: DataColumn<Outlet>[] = [
    {
      id: 'name',
      header: 'Outlet',
      sortField: 'name',
      primary: true,
      cell: (outlet) => (
        <div className="min-w-0">
          {mayUpdate ? (
            <Link
              to={paths.editOutlet.getHref(outlet.id)}
              className="block truncate font-medium underline-offset-4 hover:underline"
            >
              {outlet.name}
            </Link>
          ) : (
            <span className="block truncate font-medium">{outlet.name}</span>
          )}
          <span className="block font-mono text-xs text-muted-foreground">{outlet.outlet_code}</span>
        </div>
      ),
    },
    {
      id: 'city',
      header: 'Location',
      sortField: 'city',
      cell: (outlet) =>
        outlet.city || outlet.pincode ? (
          <div className="min-w-0">
            <span className="block truncate">{[outlet.city, outlet.state].filter(Boolean).join(', ') || '—'}</span>
            {outlet.pincode ? (
              <span className="block font-mono text-xs text-muted-foreground">{outlet.pincode}</span>
            ) : null}
          </div>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'timezone',
      header: 'Time zone',
      cell: (outlet) => <span className="whitespace-nowrap">{outlet.timezone.replaceAll('_', ' ')}</span>,
    },
    {
      id: 'tier',
      header: 'Tier',
      sortField: 'tier',
      cell: (outlet) => (
        <Badge variant={outlet.tier === 'STANDARD' ? 'outline' : 'secondary'} className="font-normal">
          {TIER_LABELS[outlet.tier]}
        </Badge>
      ),
    },
    {
      id: 'screens',
      header: 'Screens',
      cell: (outlet) => <span className="tabular-nums">{outlet.screens_count}</span>,
    },
    ...(mayCreate
      ? [
          {
            id: 'commission',
            header: 'Commission',
            cell: (outlet: Outlet) => <span className="tabular-nums">{formatCommission(outlet.commission_bps)}</span>,
          },
        ]
      : []),
    {
      id: 'tags',
      header: 'Tags',
      className: 'whitespace-normal',
      cell: (outlet) =>
        outlet.tags.length > 0 ? (
          <span className="inline-flex flex-wrap gap-1">
            {outlet.tags.map((tag) => (
              <button
                key={tag}
                type="button"
                onClick={() => list.setFilter('tag', tag)}
                title={`Show outlets tagged ${tag}`}
              >
                <Badge variant="secondary" className="font-normal hover:bg-secondary/70">
                  {tag}
                </Badge>
              </button>
            ))}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    { id: 'status', header: 'Status', cell: (outlet) => <ActiveBadge active={outlet.is_active} /> },
  ];

  const rowActions =
    mayUpdate || mayDelete
      ? (outlet: Outlet) => (
          <RowActions label={`Actions for ${outlet.name}`}>
            {mayUpdate ? (
              <DropdownMenuItem asChild>
                <Link to={paths.editOutlet.getHref(outlet.id)}>
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Link>
              </DropdownMenuItem>
            ) : null}
            {mayCreate ? (
              <DropdownMenuItem onSelect={() => commands.toggleActive(outlet)}>
                {outlet.is_active ? <PowerOffIcon aria-hidden="true" /> : <PowerIcon aria-hidden="true" />}
                {outlet.is_active ? 'Deactivate' : 'Reactivate'}
              </DropdownMenuItem>
            ) : null}
            {mayDelete ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => commands.askDelete(outlet)}>
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
      description="Venues that run screens: where they are, their tags and their commission."
      actions={
        mayCreate ? <PageLinkButton to={paths.onboardOutlet.getHref()} icon={PlusIcon} label="Onboard outlet" /> : null
      }
    >
      <ListToolbar>
        <ListSearch
          value={list.q}
          onSearch={list.setSearch}
          label="Search outlets"
          placeholder="Search by name, code or city…"
        />
        <ListSearch
          value={query.tag ?? ''}
          onSearch={(tag) => list.setFilter('tag', tag.trim().toLowerCase() || undefined)}
          label="Filter by tag"
          placeholder="Tag, e.g. cafe"
        />
        {list.hasFilters ? <ClearFiltersButton onClear={list.clear} /> : null}
      </ListToolbar>
      <DataTable
        label="Outlets"
        columns={columns}
        rows={outlets.data?.data}
        rowKey={(outlet) => outlet.id}
        loading={outlets.isLoading}
        refreshing={outlets.isPlaceholderData}
        error={outlets.isError}
        onRetry={() => outlets.refetch()}
        sort={query.sort}
        onSortChange={list.setSort}
        rowActions={rowActions}
        empty={
          list.hasFilters ? (
            <EmptyState
              icon={StoreIcon}
              title="No outlets match"
              description="Try another search or clear the filters."
            >
              <Button variant="outline" onClick={list.clear}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={StoreIcon}
              title="No outlets yet"
              description="Onboard a venue, then add its screens and invite its staff."
            >
              {mayCreate ? (
                <PageLinkButton to={paths.onboardOutlet.getHref()} icon={PlusIcon} label="Onboard outlet" />
              ) : null}
            </EmptyState>
          )
        }
      />
      <ListPagination
        meta={outlets.data?.meta}
        noun="outlets"
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
      {commands.confirmDialog}
    </PageShell>
  );
}
