import type { Campaign } from '@adloop/contract/campaigns';
import { can } from '@adloop/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheckIcon, HourglassIcon, PencilIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { SubmitButton } from '@/components/form/submit-button';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { Skeleton } from '@/components/ui/skeleton';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { type CampaignTransition, useTransitionCampaign } from '@/features/campaigns/api/campaign-transitions';
import { lineItemsOptions } from '@/features/campaigns/api/line-items';
import { CampaignDeliverySection } from '@/features/campaigns/components/campaign-delivery';
import { CampaignOverview } from '@/features/campaigns/components/campaign-overview';
import { useAuth } from '@/lib/auth-context';
import { ApiError } from '@/lib/http';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';

const DELIVERING: ReadonlyArray<Campaign['status']> = ['BOOKED', 'ACTIVE', 'COMPLETED'];

function CampaignActions({
  campaign,
  mayCancelMakeGood,
  onRefused,
}: {
  campaign: Campaign;
  /** A make-good is paid by AdLoop's credit: only a global admin cancels it (decision 086). */
  mayCancelMakeGood: boolean;
  onRefused: (message: string | null) => void;
}) {
  const transition = useTransitionCampaign();
  const confirm = useConfirmDialog();
  const [pending, setPending] = useState<CampaignTransition | null>(null);
  const { status } = campaign;

  const run = async (action: CampaignTransition) => {
    setPending(action);
    onRefused(null);
    try {
      await transition.mutateAsync({ id: campaign.id, action });
      const done = { hold: 'Held for 24 hours', book: 'Campaign booked', cancel: 'Campaign cancelled' }[action];
      toast.success(done, { description: `“${campaign.name}”` });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onRefused(error.message);
      if (action === 'cancel') throw error;
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      {status === 'DRAFT' ? (
        <PageLinkButton
          to={paths.editCampaign.getHref(campaign.id)}
          icon={PencilIcon}
          label="Edit draft"
          variant="outline"
        />
      ) : null}
      {status === 'DRAFT' ? (
        <SubmitButton
          type="button"
          variant="outline"
          pending={pending === 'hold'}
          icon={HourglassIcon}
          onClick={() => void run('hold')}
        >
          Hold 24 h
        </SubmitButton>
      ) : null}
      {status === 'DRAFT' || status === 'HELD' ? (
        <SubmitButton
          type="button"
          pending={pending === 'book'}
          icon={CalendarCheckIcon}
          onClick={() => void run('book')}
        >
          Book
        </SubmitButton>
      ) : null}
      {(status === 'DRAFT' || status === 'HELD' || status === 'BOOKED' || status === 'ACTIVE') &&
      (!campaign.make_good || mayCancelMakeGood) ? (
        <SubmitButton
          type="button"
          variant="outline"
          pending={pending === 'cancel'}
          icon={XCircleIcon}
          className="text-destructive hover:text-destructive"
          onClick={() =>
            confirm.ask({
              title: `Cancel “${campaign.name}”?`,
              description:
                status === 'ACTIVE'
                  ? 'It stops delivering once the hours its screens already hold are over; plays made until then stay billed. Its reserved screen-hours and budget are released for other buyers. A cancelled campaign cannot be booked again.'
                  : 'Its reserved screen-hours and budget are released for other buyers. A cancelled campaign cannot be booked again.',
              confirmLabel: 'Cancel campaign',
              destructive: true,
              onConfirm: () => run('cancel'),
            })
          }
        >
          Cancel campaign
        </SubmitButton>
      ) : null}
      {confirm.dialog}
    </>
  );
}

export function CampaignPage() {
  const { user } = useAuth();
  const { id = '' } = useParams();
  const campaign = useQuery(campaignResource.detailOptions(id));
  const lineItems = useQuery({ ...lineItemsOptions(id), enabled: campaign.isSuccess });
  const [refusal, setRefusal] = useState<string | null>(null);
  const mayUpdate = can(user.role, 'campaigns', 'update');
  const data = campaign.data;

  return (
    <PageShell
      description="Its flights, goal and pacing; once booked, what it delivered against what it booked."
      actions={
        data && mayUpdate ? (
          <CampaignActions campaign={data} mayCancelMakeGood={user.role === 'GLOBAL_ADMIN'} onRefused={setRefusal} />
        ) : null
      }
    >
      {campaign.isLoading || (campaign.isSuccess && lineItems.isLoading) ? (
        <Skeleton className="h-72 rounded-xl" aria-busy="true" />
      ) : data ? (
        <>
          {refusal ? (
            <p
              className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
              role="alert"
            >
              {refusal}
            </p>
          ) : null}
          <CampaignOverview campaign={data} lineItems={lineItems.data ?? []} />
          {DELIVERING.includes(data.status) ? <CampaignDeliverySection campaignId={data.id} /> : null}
        </>
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
