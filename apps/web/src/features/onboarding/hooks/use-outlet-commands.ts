import type { Outlet } from '@adloop/contract/outlets';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { countOf } from '@/lib/plural';
import { outletResource } from '@/lib/resources/outlets';
import { useDeleteResource, useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

/** Deactivate, reactivate or delete an outlet, asking first where its screens are affected. */
export function useOutletCommands({ onDeleted }: { onDeleted?: () => void } = {}) {
  const confirm = useConfirmDialog();
  const update = useUpdateResource(outletResource);
  const remove = useDeleteResource(outletResource);

  const setActive = async (outlet: Outlet, isActive: boolean) => {
    await update.mutateAsync({ id: outlet.id, changes: { is_active: isActive } });
    toast.success(isActive ? `${outlet.name} reactivated` : `${outlet.name} deactivated`);
  };

  const toggleActive = (outlet: Outlet) => {
    if (!outlet.is_active) {
      setActive(outlet, true).catch(() => undefined);
      return;
    }
    confirm.ask({
      title: `Deactivate ${outlet.name}?`,
      description: `${
        outlet.screens_count === 0
          ? 'It has no screens yet; none can sign in'
          : outlet.screens_count === 1
            ? 'Its screen stops playing at once and cannot sign in again'
            : `Its ${countOf(outlet.screens_count, 'screen')} stop playing at once and cannot sign in again`
      } until you reactivate it. Its staff keep read access to its history.`,
      confirmLabel: 'Deactivate',
      destructive: true,
      onConfirm: () => setActive(outlet, false),
    });
  };

  const askDelete = (outlet: Outlet) =>
    confirm.ask({
      title: `Delete ${outlet.name}?`,
      description: `${
        outlet.screens_count === 0
          ? 'The outlet is'
          : outlet.screens_count === 1
            ? 'The outlet and its screen are'
            : `The outlet and its ${countOf(outlet.screens_count, 'screen')} are`
      } removed for good. Reports keep the plays already made.`,
      confirmLabel: 'Delete outlet',
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync(outlet.id);
        toast.success(`${outlet.name} deleted`);
        onDeleted?.();
      },
    });

  return { toggleActive, askDelete, confirmDialog: confirm.dialog };
}
