import type { Company } from '@adloop/contract/companies';
import { can } from '@adloop/contract/permissions';
import { format } from 'date-fns';
import { Building2Icon } from 'lucide-react';
import type { DataColumn } from '@/components/data-table/data-table';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import {
  DeleteRowAction,
  EditRowAction,
  RowTitle,
  ToggleActiveRowAction,
} from '@/components/data-table/row-action-items';
import { RowActions } from '@/components/data-table/row-actions';
import { ActiveBadge } from '@/features/onboarding/components/active-badge';
import { useCompanyCommands } from '@/features/onboarding/hooks/use-company-commands';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { companyResource } from '@/lib/resources/companies';

const FILTERS = ['is_active'] as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export function CompaniesPage() {
  const { user } = useAuth();
  const page = useResourcePage(companyResource, FILTERS);
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
        <RowTitle
          title={company.name}
          to={mayUpdate ? paths.editCompany.getHref(company.id) : undefined}
          detail={company.contact_email ?? 'No contact email'}
        />
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
            {mayUpdate ? <EditRowAction to={paths.editCompany.getHref(company.id)} /> : null}
            {mayToggle ? (
              <ToggleActiveRowAction active={company.is_active} onSelect={() => commands.toggleActive(company)} />
            ) : null}
            {mayDelete ? <DeleteRowAction onSelect={() => commands.askDelete(company)} /> : null}
          </RowActions>
        )
      : undefined;

  return (
    <ResourceList
      description="Advertisers whose ads play on screens, with their contacts and people."
      create={mayCreate ? { to: paths.onboardCompany.getHref(), label: 'Onboard company' } : undefined}
      page={page}
      table={{ label: 'Companies', noun: 'companies', columns, rowActions }}
      search={{ label: 'Search companies', placeholder: 'Search by name or email…' }}
      filters={
        mayCreate ? (
          <PageFilterSelect
            page={page}
            name="is_active"
            label="Status"
            allLabel="All statuses"
            options={ACTIVE_OPTIONS}
          />
        ) : null
      }
      icon={Building2Icon}
      empty={{
        title: 'No companies yet',
        description: 'Onboard an advertiser, then invite its people and create its first ads.',
      }}
      filteredEmpty={{ title: 'No companies match', description: 'Try another search or clear the filters.' }}
    >
      {commands.confirmDialog}
    </ResourceList>
  );
}
