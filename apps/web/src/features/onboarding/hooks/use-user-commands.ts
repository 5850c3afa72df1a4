import type { User } from '@adloop/contract/users';
import { toast } from 'sonner';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteUser } from '@/features/onboarding/api/delete-user';
import { useUpdateUser } from '@/features/onboarding/api/update-user';

/** Deactivate, reactivate or delete a user; deactivating ends their sessions on the server. */
export function useUserCommands({ onDeleted }: { onDeleted?: () => void } = {}) {
  const confirm = useConfirmDialog();
  const update = useUpdateUser();
  const remove = useDeleteUser();

  const setActive = async (user: User, isActive: boolean) => {
    await update.mutateAsync({ id: user.id, changes: { is_active: isActive } });
    toast.success(isActive ? `${user.name} can sign in again` : `${user.name} deactivated`);
  };

  const toggleActive = (user: User) => {
    if (!user.is_active) {
      setActive(user, true).catch(() => undefined);
      return;
    }
    confirm.ask({
      title: `Deactivate ${user.name}?`,
      description: 'They are signed out everywhere at once and cannot sign in until you reactivate them.',
      confirmLabel: 'Deactivate',
      destructive: true,
      onConfirm: () => setActive(user, false),
    });
  };

  const askDelete = (user: User) =>
    confirm.ask({
      title: `Delete ${user.name}?`,
      description: `${user.email} loses access for good. To keep their account for later, deactivate it instead.`,
      confirmLabel: 'Delete user',
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync(user.id);
        toast.success(`${user.name} deleted`);
        onDeleted?.();
      },
    });

  return { toggleActive, askDelete, confirmDialog: confirm.dialog };
}
