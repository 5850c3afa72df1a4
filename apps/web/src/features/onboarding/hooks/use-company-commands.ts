import type { Company } from '@adloop/contract/companies';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { countOf } from '@/lib/plural';
import { companyResource } from '@/lib/resources/companies';
import { useDeleteResource, useUpdateResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

/** Deactivate, reactivate or delete a company, asking first where its ads or people are affected. */
export function useCompanyCommands({ onDeleted }: { onDeleted?: () => void } = {}) {
  const confirm = useConfirmDialog();
  const update = useUpdateResource(companyResource);
  const remove = useDeleteResource(companyResource);

  const setActive = async (company: Company, isActive: boolean) => {
    await update.mutateAsync({ id: company.id, changes: { is_active: isActive } });
    toast.success(isActive ? `${company.name} reactivated` : `${company.name} deactivated`);
  };

  const toggleActive = (company: Company) => {
    if (!company.is_active) {
      setActive(company, true).catch(() => undefined);
      return;
    }
    confirm.ask({
      title: `Deactivate ${company.name}?`,
      description: 'Its ads stop playing and its people can no longer sign in. You can reactivate it later.',
      confirmLabel: 'Deactivate',
      destructive: true,
      onConfirm: () => setActive(company, false),
    });
  };

  const askDelete = (company: Company) =>
    confirm.ask({
      title: `Delete ${company.name}?`,
      description: `${
        company.ads_count === 0
          ? 'The company is'
          : company.ads_count === 1
            ? 'The company and its ad are'
            : `The company and its ${countOf(company.ads_count, 'ad')} are`
      } removed for good. Reports keep the plays already made.`,
      confirmLabel: 'Delete company',
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync(company.id);
        toast.success(`${company.name} deleted`);
        onDeleted?.();
      },
    });

  return { toggleActive, askDelete, confirmDialog: confirm.dialog };
}
