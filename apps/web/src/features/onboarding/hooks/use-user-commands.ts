import type { User } from '@adloop/contract/users';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { userResource } from '@/lib/resources/users';
import { toast } from '@/lib/toast';

/**
 * Deactivate or reactivate a user. Deactivating ends their sessions; the account stays for the
 * record, so it is what "delete" means for staff (decision 008).
 */
export function useUserCommands() {
  const confirm = useConfirmDialog();
  const update = useUpdateResource(userResource);

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
      description:
        'They are signed out everywhere at once and cannot sign in until you reactivate them. Their history stays.',
      confirmLabel: 'Deactivate',
      destructive: true,
      onConfirm: () => setActive(user, false),
    });
  };

  return { toggleActive, confirmDialog: confirm.dialog };
}
