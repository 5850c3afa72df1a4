import { CAMPAIGN_STATUSES, type Campaign } from '@adloop/contract/campaigns';
import { can } from '@adloop/contract/permissions';
import { format, formatDistanceToNow } from 'date-fns';
import { CalendarRangeIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { DataColumn } from '@/components/data-table/data-table';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import { EditRowAction } from '@/components/data-table/row-action-items';
import { RowActions } from '@/components/data-table/row-actions';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { CAMPAIGN_STATUS_LABELS, CampaignStatusBadge } from '@/features/campaigns/components/campaign-status-badge';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';

const FILTERS = ['status'] as const;
const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] }));

export function CampaignsPage() {
  const { user } = useAuth();
  const page = useResourcePage(campaignResource, FILTERS);
  const mayCreate = can(user.role, 'campaigns', 'create');
  const mayEdit = can(user.role, 'campaigns', 'update');

  const columns: DataColumn<Campaign>[] = [
    {
      id: 'name',
      header: 'Campaign',
      sortField: 'name',
      primary: true,
      className: 'w-full max-w-0 min-w-64',
      cell: (campaign) => (
        <div className="min-w-0">
          <Link
            to={paths.campaign.getHref(campaign.id)}
            className="block truncate font-medium underline-offset-4 hover:underline"
          >
            {campaign.name}
          </Link>
          <span className="block truncate text-xs text-muted-foreground">{campaign.company.name}</span>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      cell: (campaign) => <CampaignStatusBadge status={campaign.status} />,
    },
    {
      id: 'budget',
      header: 'Budget cap',
      cell: (campaign) =>
        campaign.budget_cap_minor === null ? (
          <span className="text-muted-foreground">No cap</span>
        ) : (
          <span className="tabular-nums">{formatMoney(campaign.budget_cap_minor, 'INR')}</span>
        ),
    },
    {
      id: 'created_at',
      header: 'Created',
      sortField: 'created_at',
      cell: (campaign) => (
        <time
          dateTime={campaign.created_at}
          title={format(new Date(campaign.created_at), 'PPpp')}
          className="text-muted-foreground"
        >
          {formatDistanceToNow(new Date(campaign.created_at), { addSuffix: true })}
        </time>
      ),
    },
  ];

  const rowActions = (campaign: Campaign) => (
    <RowActions label={`Actions for ${campaign.name}`}>
      <DropdownMenuItem asChild>
        <Link to={paths.campaign.getHref(campaign.id)}>
          <CalendarRangeIcon aria-hidden="true" />
          Open
        </Link>
      </DropdownMenuItem>
      {mayEdit && campaign.status === 'DRAFT' ? <EditRowAction to={paths.editCampaign.getHref(campaign.id)} /> : null}
    </RowActions>
  );

  return (
    <ResourceList
      description="Plays bought in advance: a flight, a goal and a budget, reserved on the screens that match."
      create={mayCreate ? { to: paths.createCampaign.getHref(), label: 'New campaign' } : undefined}
      page={page}
      table={{ label: 'Campaigns', noun: 'campaigns', columns, rowActions }}
      search={{ label: 'Search campaigns', placeholder: 'Search by name…' }}
      filters={
        <PageFilterSelect page={page} name="status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} />
      }
      icon={CalendarRangeIcon}
      empty={{
        title: 'No campaigns yet',
        description: mayCreate
          ? 'Book plays ahead: choose where and when, see what is available and its price, then hold or book it.'
          : 'Campaigns your company books will appear here.',
      }}
      filteredEmpty={{ title: 'No campaigns match', description: 'Try another search or clear the filters.' }}
    />
  );
}
