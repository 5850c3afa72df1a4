import { type Company, companyListQuerySchema } from '@adloop/contract/companies';
import { can } from '@adloop/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Building2Icon, PencilIcon, PlusIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { ClearFiltersButton, FilterSelect, ListSearch, ListToolbar } from '@/components/data-table/list-toolbar';
import { RowActions } from '@/components/data-table/row-actions';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { ActiveBadge } from '@/features/onboarding/components/active-badge';
import { useCompanyCommands } from '@/features/onboarding/hooks/use-company-commands';
import { useListParams } from '@/hooks/use-list-params';
import { useAuth } from '@/lib/auth-context';
import { parseListQuery } from '@/lib/list-query';
import { paths } from '@/lib/paths';
import { companyResource } from '@/lib/resources/companies';

const FILTERS = ['is_active'] as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export function CompaniesPage() {
  const { user } = useAuth();
  const list = useListParams(FILTERS);
  const query = parseListQuery(companyListQuerySchema, list.raw);
  const companies = useQuery(companyResource.listOptions(query));
  const commands = useCompanyCommands();
  const mayCreate = can(user.role, 'companies', 'create');
  const mayUpdate = can(user.role, 'companies', 'update');
  const mayDelete = can(user.role, 'companies', 'delete');
  // Company admins edit their own company's details; switching companies on and off is AdLoop's.
  const mayToggle = mayCreate;

  const columns: DataColumn<Company>[] = [
    {
      id: 'name',
      header: 'Company',
      sortField: 'name',
      primary: true,
      cell: (company) => (
        <div className="min-w-0">
          {mayUpdate ? (
            <Link
              to={paths.editCompany.getHref(company.id)}
              className="block truncate font-medium underline-offset-4 hover:underline"
            >
              {company.name}
            </Link>
          ) : (
            <span className="block truncate font-medium">{company.name}</span>
          )}
          <span className="block truncate text-xs text-muted-foreground">
            {company.contact_email ?? 'No contact email'}
          </span>
        </div>
      ),
    },
    {
      id: 'contact_phone',
      header: 'Phone',
      cell: (company) => company.contact_phone ?? <span className="text-muted-foreground">—</span>,
    },
    { id: 'ads', header: 'Ads', cell: (company) => <span className="tabular-nums">{company.ads_count}</span> },
    { id: 'users', header: 'People', cell: (company) => <span className="tabular-nums">{company.users_count}</span> },
    { id: 'status', header: 'Status', cell: (company) => <ActiveBadge active={company.is_active} /> },
    {
      id: 'created_at',
      header: 'Onboarded',
      sortField: 'created_at',
      hideOnMobile: true,
      cell: (company) => (
        <span className="text-muted-foreground">{format(new Date(company.created_at), 'd MMM yyyy')}</span>
      ),
    },
  ];

  const rowActions =
    mayUpdate || mayDelete
      ? (company: Company) => (
          <RowActions label={`Actions for ${company.name}`}>
            {mayUpdate ? (
              <DropdownMenuItem asChild>
                <Link to={paths.editCompany.getHref(company.id)}>
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Link>
              </DropdownMenuItem>
            ) : null}
            {mayToggle ? (
              <DropdownMenuItem onSelect={() => commands.toggleActive(company)}>
                {company.is_active ? <PowerOffIcon aria-hidden="true" /> : <PowerIcon aria-hidden="true" />}
                {company.is_active ? 'Deactivate' : 'Reactivate'}
              </DropdownMenuItem>
            ) : null}
            {mayDelete ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => commands.askDelete(company)}>
                  <Trash2Icon aria-hidden="true" />
                  Delete
                </DropdownMenuItem>
              </>
            ) : null}
          </RowActions>
        )
      : undefined;

  return (
    <PageShell
      description="Advertisers whose ads play on screens, with their contacts and people."
      actions={
        mayCreate ? (
          <PageLinkButton to={paths.onboardCompany.getHref()} icon={PlusIcon} label="Onboard company" />
        ) : null
      }
    >
      <ListToolbar>
        <ListSearch
          value={list.q}
          onSearch={list.setSearch}
          label="Search companies"
          placeholder="Search by name or email…"
        />
        {mayCreate ? (
          <FilterSelect
            label="Status"
            value={query.is_active}
            onChange={(value) => list.setFilter('is_active', value)}
            allLabel="All statuses"
            options={ACTIVE_OPTIONS}
          />
        ) : null}
        {list.hasFilters ? <ClearFiltersButton onClear={list.clear} /> : null}
      </ListToolbar>
      <DataTable
        label="Companies"
        columns={columns}
        rows={companies.data?.data}
        rowKey={(company) => company.id}
        loading={companies.isLoading}
        refreshing={companies.isPlaceholderData}
        error={companies.isError}
        onRetry={() => companies.refetch()}
        sort={query.sort}
        onSortChange={list.setSort}
        rowActions={rowActions}
        empty={
          list.hasFilters ? (
            <EmptyState
              icon={Building2Icon}
              title="No companies match"
              description="Try another search or clear the filters."
            >
              <Button variant="outline" onClick={list.clear}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={Building2Icon}
              title="No companies yet"
              description="Onboard an advertiser, then invite its people and create its first ads."
            >
              {mayCreate ? (
                <PageLinkButton to={paths.onboardCompany.getHref()} icon={PlusIcon} label="Onboard company" />
              ) : null}
            </EmptyState>
          )
        }
      />
      <ListPagination
        meta={companies.data?.meta}
        noun="companies"
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
      {commands.confirmDialog}
    </PageShell>
  );
}
