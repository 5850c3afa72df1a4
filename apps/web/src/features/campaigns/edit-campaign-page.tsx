import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { Skeleton } from '@/components/ui/skeleton';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { lineItemsOptions } from '@/features/campaigns/api/line-items';
import { BookingForm } from '@/features/campaigns/components/booking-form';
import { paths } from '@/lib/paths';

export function EditCampaignPage() {
  const { id = '' } = useParams();
  const campaign = useQuery(campaignResource.detailOptions(id));
  const lineItems = useQuery({ ...lineItemsOptions(id), enabled: campaign.isSuccess });
  const loading = campaign.isLoading || (campaign.isSuccess && lineItems.isLoading);

  return (
    <PageShell
      description="A draft is saved as you edit and priced again; hold it for 24 hours or book it when the quote suits."
      actions={
        campaign.data ? (
          <PageLinkButton
            to={paths.campaign.getHref(campaign.data.id)}
            icon={ArrowRightIcon}
            label="Campaign page"
            variant="outline"
          />
        ) : null
      }
    >
      {loading ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : campaign.data && lineItems.data ? (
        <BookingForm
          // A saved change of status (held, booked elsewhere) starts the form afresh.
          key={`${campaign.data.id}-${campaign.data.status}`}
          campaign={campaign.data}
          lineItem={lineItems.data[0]}
        />
      ) : (
        <RecordNotFound
          title="Campaign not found"
          description="It may have been deleted, or it belongs to a company you do not manage."
          list="campaigns"
        />
      )}
    </PageShell>
  );
}
