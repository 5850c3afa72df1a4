import { ArrowLeftIcon, UserPlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function OnboardUserPage() {
  return (
    <PageShell description="Invite a staff member and give them a role.">
      <EmptyState
        icon={UserPlusIcon}
        title="Nothing here yet"
        description="The form to onboard a user will appear here: their name, email, role and company or outlet."
      >
        <PageLinkButton to="/dashboard/onboarding/users" icon={ArrowLeftIcon} label="Back to Users" variant="outline" />
      </EmptyState>
    </PageShell>
  );
}
