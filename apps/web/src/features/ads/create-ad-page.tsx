import { ArrowLeftIcon, ImagePlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';

export function CreateAdPage() {
  return (
    <PageShell description="Upload an image or video, give it a title and choose the outlets it plays in.">
      <EmptyState
        icon={ImagePlusIcon}
        title="Nothing here yet"
        description="The form to create an ad will appear here: upload an image or video, give it a title and choose where it plays."
      >
        <PageLinkButton to="/dashboard/ads" icon={ArrowLeftIcon} label="Back to Ads" variant="outline" />
      </EmptyState>
    </PageShell>
  );
}
