import { can } from '@adloop/contract/permissions';
import { PlusIcon, UsersIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { useAuth } from '@/lib/auth-context';

export function UsersPage() {
  const { user } = useAuth();

  return (
    <PageShell
      description="Staff accounts, the company or outlet they belong to and their role."
      actions={
        can(user.role, 'users', 'create') ? (
          <PageLinkButton to="/dashboard/onboarding/users/onboard" icon={PlusIcon} label="Onboard user" />
        ) : null
      }
    >
      <EmptyState
        icon={UsersIcon}
        title="Nothing here yet"
        description="Users you manage will appear here with their email, role and company or outlet."
      />
    </PageShell>
  );
}
