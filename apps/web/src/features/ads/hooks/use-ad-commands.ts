import type { Ad } from '@adloop/contract/ads';
import { useState } from 'react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { useAnswerRevision, useTransitionAd } from '@/features/ads/api/ad-actions';
import { AD_ACTIONS, type AdAction } from '@/features/ads/lib/ad-workflow';
import { adResource } from '@/lib/resources/ads';
import { useDeleteResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

/** What an edit waiting for review changes, in a line: "the title, the media and 1 variant". */
export function editSummary(ad: Ad): string {
  const parts = (ad.revision?.changes ?? []).map((change) => `the ${CHANGE_WORDS[change.field]}`);
  const variants = ad.revision?.variants ?? 0;
  if (variants > 0) parts.push(variants === 1 ? '1 variant' : `${variants} variants`);
  if (parts.length <= 1) return parts[0] ?? 'the ad';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const CHANGE_WORDS = { title: 'title', type: 'type', media_url: 'media', duration_seconds: 'duration' } as const;

/**
 * Runs an ad's workflow steps, the answer to its pending edit and its deletion, asking first
 * wherever screens change. Render `confirmDialog` once; `rejecting` feeds the reject dialog
 * (with `edit` when it turns down a pending edit rather than the ad).
 */
export function useAdCommands({ onDeleted }: { onDeleted?: () => void } = {}) {
  const transition = useTransitionAd();
  const answer = useAnswerRevision();
  const remove = useDeleteResource(adResource);
  const confirm = useConfirmDialog();
  const [rejecting, setRejecting] = useState<(Pick<Ad, 'id' | 'title' | 'status'> & { edit?: boolean }) | null>(null);

  const run = async (ad: Ad, action: Exclude<AdAction, 'reject'>) => {
    await transition.mutateAsync({ id: ad.id, action });
    toast.success(AD_ACTIONS[action].done);
  };

  const perform = (ad: Ad, action: AdAction) => {
    if (action === 'reject') {
      setRejecting(ad);
    } else if (action === 'pause') {
      confirm.ask({
        title: `Pause “${ad.title}”?`,
        description: 'Screens stop playing it within seconds. You can resume it at any time.',
        confirmLabel: 'Pause ad',
        onConfirm: () => run(ad, action),
      });
    } else if (action === 'approve') {
      confirm.ask({
        title: `Approve “${ad.title}”?`,
        description: 'The screens it targets start playing it within seconds, with its variants.',
        confirmLabel: 'Approve ad',
        onConfirm: () => run(ad, action),
      });
    } else {
      // The failure is already toasted by the HTTP client.
      run(ad, action).catch(() => undefined);
    }
  };

  /** A live ad's pending edit (decision 038), confirmed like every other step that changes screens. */
  const approveEdit = (ad: Ad) =>
    confirm.ask({
      title: `Approve the edit of “${ad.title}”?`,
      description: `The edit of ${editSummary(ad)} reaches the screens playing it within seconds.`,
      confirmLabel: 'Approve edit',
      onConfirm: async () => {
        await answer.mutateAsync({ id: ad.id, action: 'approve' });
        toast.success('Edit approved', { description: 'Screens playing the ad switch within seconds.' });
      },
    });

  const askDelete = (ad: Ad) =>
    confirm.ask({
      title: `Delete “${ad.title}”?`,
      description: 'The ad disappears from every screen and cannot be restored. Its playback history stays.',
      confirmLabel: 'Delete ad',
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync(ad.id);
        toast.success('Ad deleted');
        onDeleted?.();
      },
    });

  return {
    perform,
    approveEdit,
    rejectEdit: (ad: Ad) => setRejecting({ ...ad, edit: true }),
    askDelete,
    pending: transition.isPending || answer.isPending,
    rejecting,
    closeReject: () => setRejecting(null),
    confirmDialog: confirm.dialog,
  };
}
