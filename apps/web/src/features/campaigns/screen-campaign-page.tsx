import type { ScreenCampaign } from '@adloop/contract/screen-campaigns';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { screenCampaignResource } from '@/features/campaigns/api/screen-campaign-resource';
import { CampaignStatusBadge } from '@/features/campaigns/components/campaign-status-badge';
import { PlaysFigures, ScreenCampaignLineItemCard } from '@/features/campaigns/components/screen-campaign-line-item';
import { formatFlight } from '@/features/campaigns/lib/delivery';
import { campaignClock } from '@/features/campaigns/lib/screen-campaigns';

const STATUS_NOTES: Record<ScreenCampaign['status'], string> = {
  BOOKED: 'Booked: your screens start playing it on the first day of its flight.',
  ACTIVE: 'Delivering: your screens are playing it now, as their plans allow.',
  COMPLETED: 'Completed: its flights are over.',
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function Overview({ campaign }: { campaign: ScreenCampaign }) {
  const outletNames = new Map(campaign.outlets.map((outlet) => [outlet.id, outlet.name]));
  const showOutlet = (outletId: string) => (campaign.outlets.length > 1 ? (outletNames.get(outletId) ?? null) : null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-xl">
          <h2>{campaign.name}</h2>
          <CampaignStatusBadge status={campaign.status} />
        </CardTitle>
        <CardDescription>{STATUS_NOTES[campaign.status]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Detail label="Advertiser">{campaign.advertiser.name}</Detail>
          <Detail label="Flight (outlet dates)">
            <span className="tabular-nums">{formatFlight(campaign.starts_on, campaign.ends_on)}</span>
          </Detail>
          <Detail label="Time zone">{campaignClock(campaign.outlets)}</Detail>
          <Detail label={campaign.outlets.length === 1 ? 'Your outlet' : 'Your outlets'}>
            {campaign.outlets.map((outlet) => outlet.name).join(', ')}
          </Detail>
        </dl>
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Plays on your screens</h3>
          <PlaysFigures plays={campaign.totals} />
          <p className="text-xs text-muted-foreground">
            Booked: reserved on your screens when the campaign was booked. Planned: handed to your screens so far (each
            screen holds its next six hours). Delivered: plays your screens reported and were counted.
          </p>
        </div>
        {campaign.line_items.map((item) => (
          <ScreenCampaignLineItemCard key={item.id} item={item} showOutlet={showOutlet} />
        ))}
      </CardContent>
    </Card>
  );
}

/** One campaign booked on the outlet's screens: its flights, creatives and plays there, no money. */
export function ScreenCampaignPage() {
  const { id = '' } = useParams();
  const campaign = useQuery(screenCampaignResource.detailOptions(id));
  return (
    <PageShell description="What this campaign plays on your screens and when, on your outlet's clock.">
      {campaign.isLoading ? (
        <Skeleton className="h-72 rounded-xl" aria-busy="true" />
      ) : campaign.data ? (
        <Overview campaign={campaign.data} />
      ) : (
        <RecordNotFound
          title="Campaign not found"
          description="It is not booked to play on your screens, or it was cancelled."
          list="screenCampaigns"
        />
      )}
    </PageShell>
  );
}
