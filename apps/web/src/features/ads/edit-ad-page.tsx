import type { Ad, AdCreate, AdUpdate } from '@adloop/contract/ads';
import { mayChangeAd } from '@adloop/contract/house-content';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { RecordNotFound } from '@/components/layouts/record-not-found';
import { Skeleton } from '@/components/ui/skeleton';
import { AdForm } from '@/features/ads/components/ad-form';
import { AdHistoryCard } from '@/features/ads/components/ad-history-card';
import { AdRevisionCard } from '@/features/ads/components/ad-revision-card';
import { AdStatusPanel } from '@/features/ads/components/ad-status-panel';
import { AdVariantsCard } from '@/features/ads/components/ad-variants-card';
import { RejectAdDialog } from '@/features/ads/components/reject-ad-dialog';
import { useAdCommands } from '@/features/ads/hooks/use-ad-commands';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { adResource } from '@/lib/resources/ads';
import { useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

/** Only what changed is sent, so an untouched field never overwrites a newer version. */
function changesOf(ad: Ad, values: AdCreate): AdUpdate {
  const changes: AdUpdate = {};
  if (values.title !== ad.title) changes.title = values.title;
  if (values.media_url !== ad.media_url) changes.media_url = values.media_url;
  if (values.type !== ad.type) changes.type = values.type;
  if ((values.duration_seconds ?? null) !== ad.duration_seconds) changes.duration_seconds = values.duration_seconds;
  if (values.targeting && JSON.stringify(values.targeting) !== JSON.stringify(ad.targeting)) {
    changes.targeting = values.targeting;
  }
  if (values.schedule && JSON.stringify(values.schedule) !== JSON.stringify(ad.schedule))
    changes.schedule = values.schedule;
  return changes;
}

function EditAdForm({ ad }: { ad: Ad }) {
  const navigate = useNavigate();
  const update = useUpdateResource(adResource);
  const commands = useAdCommands({ onDeleted: () => navigate(paths.ads.getHref()) });

  const onSave = async (values: AdCreate) => {
    const changes = changesOf(ad, values);
    if (Object.keys(changes).length === 0) {
      toast.info('Nothing to save');
      return;
    }
    const saved = await update.mutateAsync({ id: ad.id, changes });
    if (saved.version === ad.version && saved.revision?.status === 'PENDING') {
      toast.success('Edit sent for review', {
        description: 'Screens keep showing the approved version until an AdLoop admin approves it.',
      });
    } else {
      toast.success('Ad saved', { description: `“${saved.title}” is now version ${saved.version}.` });
    }
  };

  return (
    <>
      <AdForm
        // A new version from the server (a review step, another editor) starts the form afresh.
        key={`${ad.id}-${ad.version}-${ad.status}`}
        ad={ad}
        chooseCompany={false}
        house={ad.house_outlet_id !== null}
        onSave={onSave}
        cancelTo={paths.ads.getHref()}
        aside={
          <>
            <AdStatusPanel
              ad={ad}
              busy={commands.pending}
              onAction={(action) => commands.perform(ad, action)}
              onDelete={() => commands.askDelete(ad)}
            />
            <AdRevisionCard
              ad={ad}
              busy={commands.pending}
              onApprove={() => commands.approveEdit(ad)}
              onReject={() => commands.rejectEdit(ad)}
            />
          </>
        }
      />
      <AdVariantsCard ad={ad} />
      <AdHistoryCard ad={ad} />
      <RejectAdDialog ad={commands.rejecting} onClose={commands.closeReject} />
      {commands.confirmDialog}
    </>
  );
}

export function EditAdPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const ad = useQuery(adResource.detailOptions(id));

  return (
    <PageShell description="Change the ad's title, media or duration, where and when it plays, and move it through review.">
      {ad.isLoading ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : ad.data && mayChangeAd(user.role, 'update', ad.data) ? (
        <EditAdForm ad={ad.data} />
      ) : ad.data ? (
        <RecordNotFound
          title="An advertiser's ad"
          description={`“${ad.data.title}” plays on your screens as its advertiser made it. You change only your outlet's own content.`}
          list="ads"
        />
      ) : (
        <RecordNotFound
          title="Ad not found"
          description="It may have been deleted, or it belongs to a company you do not manage."
          list="ads"
        />
      )}
    </PageShell>
  );
}
