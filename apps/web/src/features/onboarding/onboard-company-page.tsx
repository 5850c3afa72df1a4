import { ArrowLeftIcon, Building2Icon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function OnboardCompanyPage() {
  return (
    <PageShell description="Add an advertiser company to the network.">
      <EmptyState
        icon={Building2Icon}
        title="Nothing here yet"
        description="The form to onboard a company will appear here: its name, contact details and first admin."
      >
        <PageLinkButton
          to="/dashboard/onboarding/company"
          icon={ArrowLeftIcon}
          label="Back to Companies"
          variant="outline"
        />
      </EmptyState>
    </PageShell>
  );
}
