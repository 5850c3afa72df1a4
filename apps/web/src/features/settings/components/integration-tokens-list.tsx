import type { IntegrationToken } from '@adloop/contract/integration-tokens';
import { ActivityIcon, BanIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { RowActions } from '@/components/data-table/row-actions';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { useIntegrationTokens } from '@/features/settings/api/get-integration-tokens';
import { useRevokeIntegrationToken } from '@/features/settings/api/revoke-integration-token';
import { TokenScopes, TokenStateBadge, TokenTime } from '@/features/settings/components/token-parts';
import { TokenUsesDialog } from '@/features/settings/components/token-uses-dialog';
import { toast } from '@/lib/toast';

const NO_SORT = () => undefined;

function columnsFor(showCompany: boolean): DataColumn<IntegrationToken>[] {
  const columns: Array<DataColumn<IntegrationToken> | false> = [
    {
      id: 'name',
      header: 'Token',
      primary: true,
      className: 'max-w-56',
      cell: (token) => (
        <div className="min-w-0">
          <span className="block truncate font-medium" title={token.name}>
            {token.name}
          </span>
          <span className="block font-mono text-xs text-muted-foreground">{token.hint}</span>
        </div>
      ),
    },
    { id: 'state', header: 'State', cell: (token) => <TokenStateBadge state={token.state} /> },
    {
      id: 'scopes',
      header: 'Scopes',
      className: 'min-w-40 max-w-64 whitespace-normal',
      cell: (token) => <TokenScopes scopes={token.scopes} />,
    },
    showCompany && {
      id: 'company',
      header: 'Company',
      className: 'min-w-28 max-w-40 whitespace-normal',
      cell: (token) => token.company_name ?? <span className="text-muted-foreground">Whole network</span>,
    },
    {
      id: 'created',
      header: 'Created',
      className: 'max-w-40',
      cell: (token) => (
        <div className="grid min-w-0">
          <TokenTime iso={token.created_at} fallback="" />
          <span className="truncate text-xs text-muted-foreground" title={token.created_by_name}>
            by {token.created_by_name}
          </span>
        </div>
      ),
    },
    {
      id: 'expires',
      header: 'Expires',
      cell: (token) =>
        token.revoked_at ? (
          <span className="text-muted-foreground">
            <span className="min-[720px]:block">Revoked </span>
            <TokenTime iso={token.revoked_at} fallback="" />
          </span>
        ) : (
          <TokenTime iso={token.expires_at} fallback="Never" />
        ),
    },
    { id: 'last-used', header: 'Last used', cell: (token) => <TokenTime iso={token.last_used_at} fallback="Never" /> },
  ];
  return columns.filter((column): column is DataColumn<IntegrationToken> => column !== false);
}

/** The tokens the caller manages, newest first, each with its recent uses and a way to revoke it. */
export function IntegrationTokensList({ showCompany, empty }: { showCompany: boolean; empty: ReactNode }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const tokens = useIntegrationTokens({ page, pageSize });
  const revoke = useRevokeIntegrationToken();
  const { ask, dialog } = useConfirmDialog();
  const [usesOf, setUsesOf] = useState<IntegrationToken | null>(null);

  const askToRevoke = (token: IntegrationToken) =>
    ask({
      title: `Revoke “${token.name}”?`,
      description: `The next request made with ${token.hint} is refused, so whatever system holds it stops working at once. This cannot be undone; its record of uses stays.`,
      confirmLabel: 'Revoke token',
      destructive: true,
      onConfirm: async () => {
        await revoke.mutateAsync(token.id);
        toast.success('Token revoked', { description: `${token.name} (${token.hint}) no longer works.` });
      },
    });

  return (
    <>
      <DataTable
        label="Integration tokens"
        columns={columnsFor(showCompany)}
        rows={tokens.data?.data}
        rowKey={(token) => token.id}
        loading={tokens.isLoading}
        refreshing={tokens.isPlaceholderData}
        error={tokens.isError}
        onRetry={() => void tokens.refetch()}
        sort={undefined}
        onSortChange={NO_SORT}
        empty={empty}
        rowActions={(token) => (
          <RowActions label={`Actions for ${token.name}`}>
            <DropdownMenuItem onSelect={() => setUsesOf(token)}>
              <ActivityIcon aria-hidden="true" />
              Recent uses
            </DropdownMenuItem>
            {token.state === 'ACTIVE' ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => askToRevoke(token)}>
                  <BanIcon aria-hidden="true" />
                  Revoke
                </DropdownMenuItem>
              </>
            ) : null}
          </RowActions>
        )}
      />
      <ListPagination
        meta={tokens.data?.meta}
        noun="tokens"
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      <TokenUsesDialog token={usesOf} onClose={() => setUsesOf(null)} />
      {dialog}
    </>
  );
}
