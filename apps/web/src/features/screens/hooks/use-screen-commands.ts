import type { Screen } from '@adloop/contract/screens';
import { useState } from 'react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { screenResource, useResetScreenPasscode } from '@/lib/resources/screens';
import { useDeleteResource, useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

type RevealedPasscode = { screenCode: string; passcode: string };

/**
 * A screen's row actions: reset its passcode, disable or enable it, delete it; each that
 * interrupts a playing screen asks first. Render `confirmDialog` and the passcode dialog once.
 */
export function useScreenCommands({ onDeleted }: { onDeleted?: () => void } = {}) {
  const confirm = useConfirmDialog();
  const reset = useResetScreenPasscode();
  const update = useUpdateResource(screenResource);
  const remove = useDeleteResource(screenResource);
  const [revealed, setRevealed] = useState<RevealedPasscode | null>(null);

  const askReset = (screen: Screen) =>
    confirm.ask({
      title: `Reset the passcode of ${screen.screen_code}?`,
      description:
        'A new 6-digit passcode is made. The screen is signed out at once and needs the new passcode to play again. A lock after wrong passcodes is lifted.',
      confirmLabel: 'Reset passcode',
      destructive: true,
      onConfirm: async () => {
        const result = await reset.mutateAsync(screen.id);
        setRevealed({ screenCode: result.screen.screen_code, passcode: result.passcode });
      },
    });

  const setStatus = async (screen: Screen, status: Screen['status']) => {
    await update.mutateAsync({ id: screen.id, changes: { status } });
    toast.success(status === 'ACTIVE' ? `${screen.screen_code} enabled` : `${screen.screen_code} disabled`);
  };

  const toggleStatus = (screen: Screen) => {
    if (screen.status === 'DISABLED') {
      setStatus(screen, 'ACTIVE').catch(() => undefined);
      return;
    }
    confirm.ask({
      title: `Disable ${screen.screen_code}?`,
      description: 'The screen stops playing ads and is signed out until you enable it again.',
      confirmLabel: 'Disable screen',
      destructive: true,
      onConfirm: () => setStatus(screen, 'DISABLED'),
    });
  };

  const askDelete = (screen: Screen) =>
    confirm.ask({
      title: `Delete ${screen.screen_code}?`,
      description: 'The screen is signed out and removed. Its playback history stays in the reports.',
      confirmLabel: 'Delete screen',
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync(screen.id);
        toast.success(`${screen.screen_code} deleted`);
        onDeleted?.();
      },
    });

  return {
    askReset,
    toggleStatus,
    askDelete,
    revealed,
    closeRevealed: () => setRevealed(null),
    confirmDialog: confirm.dialog,
  };
}
