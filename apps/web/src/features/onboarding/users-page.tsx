import { can } from '@adloop/contract/permissions';
import { ROLE_LABELS } from '@adloop/contract/roles';
import { type User, userListQuerySchema } from '@adloop/contract/users';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { PencilIcon, PlusIcon, UserCheckIcon, UsersIcon, UserXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { ClearFiltersButton, FilterSelect, ListSearch, ListToolbar } from '@/components/data-table/list-toolbar';
import { RowActions } from '@/components/data-table/row-actions';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { ActiveBadge } from '@/features/onboarding/components/active-badge';
import { UserRoleBadge } from '@/features/onboarding/components/user-role-badge';
import { useUserCommands } from '@/features/onboarding/hooks/use-user-commands';
import { assignableRoles } from '@/features/onboarding/lib/assignable-roles';
import { useListParams } from '@/hooks/use-list-params';
import { useAuth } from '@/lib/auth-context';
import { parseListQuery } from '@/lib/list-query';
import { paths } from '@/lib/paths';
import { userResource } from '@/lib/resources/users';

const FILTERS = ['role', 'is_active'] as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
];

function BelongsTo({ user }: { user: User }) {
  if (user.companies.length > 0) return <span>{user.companies.map((company) => company.name).join(', ')}</span>;
  if (user.outlets.length > 0) {
    const [first, ...rest] = user.outlets;
    return (
      <span title={user.outlets.map((outlet) => outlet.name).join(', ')}>
        {first?.name}
        {rest.length > 0 ? <span className="text-muted-foreground"> +{rest.length} more</span> : null}
      </span>
    );
  }
  return <span className="text-muted-foreground">{user.role === 'GLOBAL_ADMIN' ? 'All of AdLoop' : '—'}</span>;
}

export function UsersPage() {
  const { user: me } = useAuth();
  const list = useListParams(FILTERS);
  const query = parseListQuery(userListQuerySchema, list.raw);
  const users = useQuery(userResource.listOptions(query));
  const commands = useUserCommands();
  const mayCreate = can(me.role, 'users', 'create');
  const mayUpdate = can(me.role, 'users', 'update');
  const roleOptions = assignableRoles(me.role).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

  const columns: DataColumn<User>[] = [
    {
      id: 'name',
      header: 'User',
      sortField: 'name',
      primary: true,
      cell: (user) => (
        <div className="min-w-0">
          {mayUpdate && user.id !== me.id ? (
            <Link
              to={paths.editUser.getHref(user.id)}
              className="block truncate font-medium underline-offset-4 hover:underline"
            >
              {user.name}
            </Link>
          ) : (
            <span className="block truncate font-medium">
              {user.name}
              {user.id === me.id ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
            </span>
          )}
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </div>
      ),
    },
    { id: 'role', header: 'Role', sortField: 'role', cell: (user) => <UserRoleBadge role={user.role} /> },
    { id: 'belongs', header: 'Company or outlets', cell: (user) => <BelongsTo user={user} /> },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => (
        <span className="inline-flex flex-wrap gap-1">
          <ActiveBadge active={user.is_active} inactiveLabel="Deactivated" />
          {user.is_active && user.must_change_password ? (
            <Badge variant="outline" className="border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-300">
              Invited
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'created_at',
      header: 'Added',
      sortField: 'created_at',
      hideOnMobile: true,
      cell: (user) => <span className="text-muted-foreground">{format(new Date(user.created_at), 'd MMM yyyy')}</span>,
    },
  ];

  const rowActions = mayUpdate
    ? (user: User) =>
        user.id === me.id ? (
          <RowActions label={`Actions for ${user.name}`}>
            <DropdownMenuItem asChild>
              <Link to={paths.settings.getHref()}>
                <PencilIcon aria-hidden="true" />
                Edit your profile
              </Link>
            </DropdownMenuItem>
          </RowActions>
        ) : (
          <RowActions label={`Actions for ${user.name}`}>
            <DropdownMenuItem asChild>
              <Link to={paths.editUser.getHref(user.id)}>
                <PencilIcon aria-hidden="true" />
                Edit
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              variant={user.is_active ? 'destructive' : 'default'}
              onSelect={() => commands.toggleActive(user)}
            >
              {user.is_active ? <UserXIcon aria-hidden="true" /> : <UserCheckIcon aria-hidden="true" />}
              {user.is_active ? 'Deactivate' : 'Reactivate'}
            </DropdownMenuItem>
          </RowActions>
        )
    : undefined;

  return (
    <PageShell
      description="Staff accounts, their role and the company or outlets they work for."
      actions={
        mayCreate ? <PageLinkButton to={paths.onboardUser.getHref()} icon={PlusIcon} label="Onboard user" /> : null
      }
    >
      <ListToolbar>
        <ListSearch
          value={list.q}
          onSearch={list.setSearch}
          label="Search users"
          placeholder="Search by name or email…"
        />
        <FilterSelect
          label="Role"
          value={query.role}
          onChange={(value) => list.setFilter('role', value)}
          allLabel="All roles"
          options={roleOptions}
        />
        <FilterSelect
          label="Status"
          value={query.is_active}
          onChange={(value) => list.setFilter('is_active', value)}
          allLabel="All statuses"
          options={ACTIVE_OPTIONS}
        />
        {list.hasFilters ? <ClearFiltersButton onClear={list.clear} /> : null}
      </ListToolbar>
      <DataTable
        label="Users"
        columns={columns}
        rows={users.data?.data}
        rowKey={(user) => user.id}
        loading={users.isLoading}
        refreshing={users.isPlaceholderData}
        error={users.isError}
        onRetry={() => users.refetch()}
        sort={query.sort}
        onSortChange={list.setSort}
        rowActions={rowActions}
        empty={
          list.hasFilters ? (
            <EmptyState icon={UsersIcon} title="No users match" description="Try another search or clear the filters.">
              <Button variant="outline" onClick={list.clear}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState icon={UsersIcon} title="No users yet" description="Onboard your team and give each a role.">
              {mayCreate ? (
                <PageLinkButton to={paths.onboardUser.getHref()} icon={PlusIcon} label="Onboard user" />
              ) : null}
            </EmptyState>
          )
        }
      />
      <ListPagination
        meta={users.data?.meta}
        noun="users"
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
      {commands.confirmDialog}
    </PageShell>
  );
}
