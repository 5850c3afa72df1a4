import { ArrowLeftIcon, StoreIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function OnboardOutletPage() {
  return (
    <PageShell description="Add a venue that will run AdLoop screens.">
      <EmptyState
        icon={StoreIcon}
        title="Nothing here yet"
        description="The form to onboard an outlet will appear here: its name, outlet code, address and first admin."
      >
        <PageLinkButton
          to="/dashboard/onboarding/outlet"
          icon={ArrowLeftIcon}
          label="Back to Outlets"
          variant="outline"
        />
      </EmptyState>
    </PageShell>
  );
}
