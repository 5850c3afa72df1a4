import { can } from '@adloop/contract/permissions';
import { MonitorIcon, PlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { useAuth } from '@/lib/auth-context';

export function ScreensPage() {
  const { user } = useAuth();

  return (
    <PageShell
      description="Display screens in your outlets, their screen codes and whether they are online."
      actions={
        can(user.role, 'screens', 'create') ? (
          <PageLinkButton to="/dashboard/screens/create" icon={PlusIcon} label="Create screen" />
        ) : null
      }
    >
      <EmptyState
        icon={MonitorIcon}
        title="Nothing here yet"
        description="Your screens will appear here with their screen code, outlet and last time online."
      />
    </PageShell>
  );
}
