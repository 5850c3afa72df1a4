import type { Outlet } from '@adloop/contract/outlets';
import { can } from '@adloop/contract/permissions';
import { StoreIcon } from 'lucide-react';
import type { DataColumn } from '@/components/data-table/data-table';
import { ListSearch } from '@/components/data-table/list-toolbar';
import { ResourceList } from '@/components/data-table/resource-list';
import {
  DeleteRowAction,
  EditRowAction,
  RowTitle,
  ToggleActiveRowAction,
} from '@/components/data-table/row-action-items';
import { RowActions } from '@/components/data-table/row-actions';
import { Badge } from '@/components/ui/badge';
import { ActiveBadge } from '@/features/onboarding/components/active-badge';
import { useOutletCommands } from '@/features/onboarding/hooks/use-outlet-commands';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { TIER_LABELS } from '@/lib/rate-card';
import { outletResource } from '@/lib/resources/outlets';

const FILTERS = ['tag', 'pincode'] as const;

function formatCommission(basisPoints: number | null) {
  if (basisPoints === null) return '—';
  if (basisPoints === 0) return 'None (0 %)';
  return `${(basisPoints / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;
}

export function OutletsPage() {
  const { user } = useAuth();
  const page = useResourcePage(outletResource, FILTERS);
  const { list, query } = page;
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
        <RowTitle
          title={outlet.name}
          to={mayUpdate ? paths.editOutlet.getHref(outlet.id) : undefined}
          detail={outlet.outlet_code}
          detailClassName="block font-mono text-xs text-muted-foreground"
        />
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
            {mayUpdate ? <EditRowAction to={paths.editOutlet.getHref(outlet.id)} /> : null}
            {mayCreate ? (
              <ToggleActiveRowAction active={outlet.is_active} onSelect={() => commands.toggleActive(outlet)} />
            ) : null}
            {mayDelete ? <DeleteRowAction onSelect={() => commands.askDelete(outlet)} /> : null}
          </RowActions>
        )
      : undefined;

  return (
    <ResourceList
      description="Venues that run screens: where they are, their tags and their commission."
      create={mayCreate ? { to: paths.onboardOutlet.getHref(), label: 'Onboard outlet' } : undefined}
      page={page}
      table={{ label: 'Outlets', noun: 'outlets', columns, rowActions }}
      search={{ label: 'Search outlets', placeholder: 'Search by name, code or city…' }}
      filters={
        <ListSearch
          value={query.tag ?? ''}
          onSearch={(tag) => list.setFilter('tag', tag.trim().toLowerCase() || undefined)}
          label="Filter by tag"
          placeholder="Tag, e.g. cafe"
        />
      }
      icon={StoreIcon}
      empty={{ title: 'No outlets yet', description: 'Onboard a venue, then add its screens and invite its staff.' }}
      filteredEmpty={{ title: 'No outlets match', description: 'Try another search or clear the filters.' }}
    >
      {commands.confirmDialog}
    </ResourceList>
  );
}
