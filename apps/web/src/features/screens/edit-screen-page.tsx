import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function EditScreenPage() {
  const { id } = useParams();

  return (
    <PageShell description="Change a screen’s name or outlet, or reset its passcode.">
      <EmptyState
        icon={PencilIcon}
        title="Nothing here yet"
        description={`The form to edit screen ${id} will appear here: its name, outlet and a passcode reset.`}
      >
        <PageLinkButton to="/dashboard/screens" icon={ArrowLeftIcon} label="Back to Screens" variant="outline" />
      </EmptyState>
    </PageShell>
  );
}
