import { SCREEN_CAMPAIGN_STATUSES, type ScreenCampaign } from '@adloop/contract/screen-campaigns';
import { CalendarRangeIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { DataColumn } from '@/components/data-table/data-table';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import { screenCampaignResource } from '@/features/campaigns/api/screen-campaign-resource';
import { CAMPAIGN_STATUS_LABELS, CampaignStatusBadge } from '@/features/campaigns/components/campaign-status-badge';
import { formatFlight } from '@/features/campaigns/lib/delivery';
import { campaignClock, formatCount } from '@/features/campaigns/lib/screen-campaigns';
import { useResourcePage } from '@/hooks/use-resource-page';
import { paths } from '@/lib/paths';

const FILTERS = ['status'] as const;
const STATUS_OPTIONS = SCREEN_CAMPAIGN_STATUSES.map((status) => ({
  value: status,
  label: CAMPAIGN_STATUS_LABELS[status],
}));

const count = (plays: number) => <span className="tabular-nums">{formatCount(plays)}</span>;

/** The campaigns booked on an outlet's screens, as its staff read them: who, when, and the plays there. */
export function ScreenCampaignsPage() {
  const page = useResourcePage(screenCampaignResource, FILTERS);

  const columns: DataColumn<ScreenCampaign>[] = [
    {
      id: 'name',
      header: 'Campaign',
      sortField: 'name',
      primary: true,
      className: 'w-full max-w-0 min-w-56',
      cell: (campaign) => (
        <div className="min-w-0">
          <Link
            to={paths.screenCampaign.getHref(campaign.id)}
            className="block truncate font-medium underline-offset-4 hover:underline"
          >
            {campaign.name}
          </Link>
          <span className="block truncate text-xs text-muted-foreground">{campaign.advertiser.name}</span>
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
      id: 'flight',
      header: 'Flight',
      sortField: 'starts_on',
      className: 'whitespace-nowrap',
      cell: (campaign) => (
        <div>
          <span className="tabular-nums">{formatFlight(campaign.starts_on, campaign.ends_on)}</span>
          <span className="block text-xs text-muted-foreground">{campaignClock(campaign.outlets)}</span>
        </div>
      ),
    },
    { id: 'booked', header: 'Booked', cell: (campaign) => count(campaign.totals.booked_plays) },
    { id: 'planned', header: 'Planned', cell: (campaign) => count(campaign.totals.planned_plays) },
    { id: 'delivered', header: 'Delivered', cell: (campaign) => count(campaign.totals.delivered_plays) },
  ];

  return (
    <ResourceList
      description="Campaigns booked to play on your screens, with the plays on your screens: booked, planned (handed to the screens so far) and delivered. Dates are your outlet's."
      page={page}
      table={{ label: 'Campaigns on your screens', noun: 'campaigns', columns }}
      search={{ label: 'Search campaigns', placeholder: 'Search by campaign or advertiser…' }}
      filters={
        <PageFilterSelect page={page} name="status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} />
      }
      icon={CalendarRangeIcon}
      empty={{
        title: 'No campaigns on your screens yet',
        description:
          'When an advertiser books plays on your screens, the campaign appears here with its dates and plays.',
      }}
      filteredEmpty={{ title: 'No campaigns match', description: 'Try another search or clear the filters.' }}
    />
  );
}
