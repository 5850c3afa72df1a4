import { can } from '@adloop/contract/permissions';
import { MegaphoneIcon, PlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { useAuth } from '@/lib/auth-context';

export function AdsPage() {
  const { user } = useAuth();

  return (
    <PageShell
      description="Image and video ads, their approval and where they play."
      actions={
        can(user.role, 'ads', 'create') ? (
          <PageLinkButton to="/dashboard/ads/create" icon={PlusIcon} label="Create ad" />
        ) : null
      }
    >
      <EmptyState
        icon={MegaphoneIcon}
        title="Nothing here yet"
        description="Your ads will appear here with their type, duration, company and approval status."
      />
    </PageShell>
  );
}
