import { ArrowLeftIcon, MonitorUpIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function CreateScreenPage() {
  return (
    <PageShell description="Register a screen in one of your outlets and give it a 6-digit passcode.">
      <EmptyState
        icon={MonitorUpIcon}
        title="Nothing here yet"
        description="The form to create a screen will appear here: its outlet, screen code and 6-digit passcode."
      >
        <PageLinkButton to="/dashboard/screens" icon={ArrowLeftIcon} label="Back to Screens" variant="outline" />
      </EmptyState>
    </PageShell>
  );
}
