import { can } from '@adloop/contract/permissions';
import { ROLE_LABELS } from '@adloop/contract/roles';
import type { User } from '@adloop/contract/users';
import { format } from 'date-fns';
import { UserCheckIcon, UsersIcon, UserXIcon } from 'lucide-react';
import type { DataColumn } from '@/components/data-table/data-table';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import { EditRowAction, RowTitle } from '@/components/data-table/row-action-items';
import { RowActions } from '@/components/data-table/row-actions';
import { Badge } from '@/components/ui/badge';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { ActiveBadge } from '@/features/onboarding/components/active-badge';
import { UserRoleBadge } from '@/features/onboarding/components/user-role-badge';
import { useUserCommands } from '@/features/onboarding/hooks/use-user-commands';
import { assignableRoles } from '@/features/onboarding/lib/assignable-roles';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
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
  const page = useResourcePage(userResource, FILTERS);
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
        <RowTitle
          title={
            <>
              {user.name}
              {user.id === me.id ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
            </>
          }
          to={mayUpdate && user.id !== me.id ? paths.editUser.getHref(user.id) : undefined}
          detail={user.email}
        />
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
            <EditRowAction to={paths.settings.getHref()} label="Edit your profile" />
          </RowActions>
        ) : (
          <RowActions label={`Actions for ${user.name}`}>
            <EditRowAction to={paths.editUser.getHref(user.id)} />
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
    <ResourceList
      description="Staff accounts, their role and the company or outlets they work for."
      create={mayCreate ? { to: paths.onboardUser.getHref(), label: 'Onboard user' } : undefined}
      page={page}
      table={{ label: 'Users', noun: 'users', columns, rowActions }}
      search={{ label: 'Search users', placeholder: 'Search by name or email…' }}
      filters={
        <>
          <PageFilterSelect page={page} name="role" label="Role" allLabel="All roles" options={roleOptions} />
          <PageFilterSelect
            page={page}
            name="is_active"
            label="Status"
            allLabel="All statuses"
            options={ACTIVE_OPTIONS}
          />
        </>
      }
      icon={UsersIcon}
      empty={{ title: 'No users yet', description: 'Onboard your team and give each a role.' }}
      filteredEmpty={{ title: 'No users match', description: 'Try another search or clear the filters.' }}
    >
      {commands.confirmDialog}
    </ResourceList>
  );
}
