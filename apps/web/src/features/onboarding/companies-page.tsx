import { can } from '@adloop/contract/permissions';
import { Building2Icon, PlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { useAuth } from '@/lib/auth-context';

export function CompaniesPage() {
  const { user } = useAuth();

  return (
    <PageShell
      description="Advertiser companies whose ads play on the network."
      actions={
        can(user.role, 'companies', 'create') ? (
          <PageLinkButton to="/dashboard/onboarding/company/onboard" icon={PlusIcon} label="Onboard company" />
        ) : null
      }
    >
      <EmptyState
        icon={Building2Icon}
        title="Nothing here yet"
        description="Companies will appear here with their contact details and number of ads."
      />
    </PageShell>
  );
}
