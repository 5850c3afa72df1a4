import { can } from '@adloop/contract/permissions';
import { type Pincode, pincodeListQuerySchema } from '@adloop/contract/pincodes';
import { useQuery } from '@tanstack/react-query';
import { MapPinnedIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { ClearFiltersButton, ListSearch, ListToolbar } from '@/components/data-table/list-toolbar';
import { RowActions } from '@/components/data-table/row-actions';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { PincodeDialog } from '@/features/pincodes/components/pincode-dialog';
import { useListParams } from '@/hooks/use-list-params';
import { useAuth } from '@/lib/auth-context';
import { parseListQuery } from '@/lib/list-query';
import { pincodeResource } from '@/lib/resources/pincodes';
import { useDeleteResource } from '@/lib/resources/use-resource-mutation';

const NO_FILTERS = [] as const;

/** The dialog keeps its pincode while it closes, so its title does not change under the animation. */
type Editing = { open: boolean; pincode: Pincode | undefined };

/** India's postal codes AdLoop knows, with their city and state: every role reads them, a global admin keeps them. */
export function PincodesPage() {
  const { user } = useAuth();
  const list = useListParams(NO_FILTERS);
  const query = parseListQuery(pincodeListQuerySchema, list.raw);
  const pincodes = useQuery(pincodeResource.listOptions(query));
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
            {mayUpdate ? (
              <DropdownMenuItem onSelect={() => setEditing({ open: true, pincode })}>
                <PencilIcon aria-hidden="true" />
                Edit
              </DropdownMenuItem>
            ) : null}
            {mayDelete ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => askDelete(pincode)}>
                  <Trash2Icon aria-hidden="true" />
                  Delete
                </DropdownMenuItem>
              </>
            ) : null}
          </RowActions>
        )
      : undefined;

  const addButton = mayCreate ? (
    <Button onClick={() => setEditing({ open: true, pincode: undefined })}>
      <PlusIcon aria-hidden="true" />
      Add pincode
    </Button>
  ) : null;

  return (
    <PageShell
      description="Postal codes outlets are onboarded in, with their city and state. Onboarding an outlet in a new pincode adds it here too."
      actions={addButton}
    >
      <ListToolbar>
        <ListSearch
          value={list.q}
          onSearch={list.setSearch}
          label="Search pincodes"
          placeholder="Search by pincode, city or state…"
        />
        {list.hasFilters ? <ClearFiltersButton onClear={list.clear} /> : null}
      </ListToolbar>
      <DataTable
        label="Pincodes"
        columns={columns}
        rows={pincodes.data?.data}
        rowKey={(pincode) => pincode.code}
        loading={pincodes.isLoading}
        refreshing={pincodes.isPlaceholderData}
        error={pincodes.isError}
        onRetry={() => pincodes.refetch()}
        sort={query.sort}
        onSortChange={list.setSort}
        rowActions={rowActions}
        empty={
          list.hasFilters ? (
            <EmptyState
              icon={MapPinnedIcon}
              title="No pincodes match"
              description="Try a pincode, a city or a state, or clear the search."
            >
              <Button variant="outline" onClick={list.clear}>
                Clear search
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={MapPinnedIcon}
              title="No pincodes yet"
              description="Add one here, or onboard an outlet: its pincode is added with it."
            >
              {addButton}
            </EmptyState>
          )
        }
      />
      <ListPagination
        meta={pincodes.data?.meta}
        noun="pincodes"
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
      <PincodeDialog
        open={editing.open}
        pincode={editing.pincode}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
      {confirm.dialog}
    </PageShell>
  );
}
