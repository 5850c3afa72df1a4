import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function EditAdPage() {
  const { id } = useParams();

  return (
    <PageShell description="Change an ad’s title, media and targeting.">
      <EmptyState
        icon={PencilIcon}
        title="Nothing here yet"
        description={`The form to edit ad ${id} will appear here: its title, media, duration and targeting.`}
      >
        <PageLinkButton to="/dashboard/ads" icon={ArrowLeftIcon} label="Back to Ads" variant="outline" />
      </EmptyState>
    </PageShell>
  );
}
