import { can } from '@adloop/contract/permissions';
import type { Pincode } from '@adloop/contract/pincodes';
import { MapPinnedIcon } from 'lucide-react';
import { useState } from 'react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import type { DataColumn } from '@/components/data-table/data-table';
import { ResourceList } from '@/components/data-table/resource-list';
import { DeleteRowAction, EditRowAction } from '@/components/data-table/row-action-items';
import { RowActions } from '@/components/data-table/row-actions';
import { PincodeDialog } from '@/features/pincodes/components/pincode-dialog';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
import { pincodeResource } from '@/lib/resources/pincodes';
import { useDeleteResource } from '@/lib/resources/use-resource-mutation';
import { toast } from '@/lib/toast';

const NO_FILTERS = [] as const;

/** The dialog keeps its pincode while it closes, so its title does not change under the animation. */
type Editing = { open: boolean; pincode: Pincode | undefined };

/** India's postal codes AdLoop knows, with their city and state: every role reads them, a global admin keeps them. */
export function PincodesPage() {
  const { user } = useAuth();
  const page = useResourcePage(pincodeResource, NO_FILTERS);
  const remove = useDeleteResource(pincodeResource);
  const confirm = useConfirmDialog();
  const [editing, setEditing] = useState<Editing>({ open: false, pincode: undefined });
  const mayCreate = can(user.role, 'pincodes', 'create');
  const mayUpdate = can(user.role, 'pincodes', 'update');
  const mayDelete = can(user.role, 'pincodes', 'delete');

  const askDelete = (pincode: Pincode) =>
    confirm.ask({
      title: `Delete pincode ${pincode.code}?`,
      description: `${pincode.city}, ${pincode.state} leaves AdLoop's list. A pincode an outlet is in cannot be deleted: move the outlet first.`,
      confirmLabel: 'Delete pincode',
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync(pincode.code);
        toast.success(`Pincode ${pincode.code} deleted`);
      },
    });

  const columns: DataColumn<Pincode>[] = [
    {
      id: 'code',
      header: 'Pincode',
      sortField: 'code',
      primary: true,
      cell: (pincode) => <span className="font-mono font-medium tabular-nums">{pincode.code}</span>,
    },
    { id: 'city', header: 'City', sortField: 'city', cell: (pincode) => pincode.city },
    { id: 'state', header: 'State', sortField: 'state', cell: (pincode) => pincode.state },
  ];

  const rowActions =
    mayUpdate || mayDelete
      ? (pincode: Pincode) => (
          <RowActions label={`Actions for pincode ${pincode.code}`}>
            {mayUpdate ? <EditRowAction onSelect={() => setEditing({ open: true, pincode })} /> : null}
            {mayDelete ? <DeleteRowAction onSelect={() => askDelete(pincode)} /> : null}
          </RowActions>
        )
      : undefined;

  return (
    <ResourceList
      description="Postal codes outlets are onboarded in, with their city and state. Onboarding an outlet in a new pincode adds it here too."
      create={
        mayCreate ? { onClick: () => setEditing({ open: true, pincode: undefined }), label: 'Add pincode' } : undefined
      }
      page={page}
      table={{ label: 'Pincodes', noun: 'pincodes', columns, rowActions, rowKey: (pincode) => pincode.code }}
      search={{ label: 'Search pincodes', placeholder: 'Search by pincode, city or state…' }}
      icon={MapPinnedIcon}
      empty={{
        title: 'No pincodes yet',
        description: 'Add one here, or onboard an outlet: its pincode is added with it.',
      }}
      filteredEmpty={{
        title: 'No pincodes match',
        description: 'Try a pincode, a city or a state, or clear the search.',
        clearLabel: 'Clear search',
      }}
    >
      <PincodeDialog
        open={editing.open}
        pincode={editing.pincode}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
      {confirm.dialog}
    </ResourceList>
  );
}
