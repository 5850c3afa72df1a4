import type { Ad } from '@adloop/contract/ads';
import { useState } from 'react';
import { toast } from 'sonner';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { useTransitionAd } from '@/features/ads/api/ad-actions';
import { AD_ACTIONS, type AdAction } from '@/features/ads/lib/ad-workflow';
import { adResource } from '@/lib/resources/ads';
import { useDeleteResource } from '@/lib/resources/use-resource-mutation';

/**
 * Runs an ad's workflow steps and its deletion, asking first where screens are affected.
 * Render `dialogs` once; `rejecting` feeds the reject dialog.
 */
export function useAdCommands({ onDeleted }: { onDeleted?: () => void } = {}) {
  const transition = useTransitionAd();
  const remove = useDeleteResource(adResource);
  const confirm = useConfirmDialog();
  const [rejecting, setRejecting] = useState<Pick<Ad, 'id' | 'title' | 'status'> | null>(null);

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
    } else {
      // The failure is already toasted by the HTTP client.
      run(ad, action).catch(() => undefined);
    }
  };

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
    askDelete,
    pending: transition.isPending,
    rejecting,
    closeReject: () => setRejecting(null),
    confirmDialog: confirm.dialog,
  };
}
