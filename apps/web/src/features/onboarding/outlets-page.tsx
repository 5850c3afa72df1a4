import { can } from '@adloop/contract/permissions';
import { PlusIcon, StoreIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { useAuth } from '@/lib/auth-context';

export function OutletsPage() {
  const { user } = useAuth();

  return (
    <PageShell
      description="Restaurants, cafes, gyms and salons that run AdLoop screens."
      actions={
        can(user.role, 'outlets', 'create') ? (
          <PageLinkButton to="/dashboard/onboarding/outlet/onboard" icon={PlusIcon} label="Onboard outlet" />
        ) : null
      }
    >
      <EmptyState
        icon={StoreIcon}
        title="Nothing here yet"
        description="Outlets will appear here with their outlet code, address and screens."
      />
    </PageShell>
  );
}
