import { ActivityIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';

export function ScreenActivityPage() {
  return (
    <PageShell description="When each screen came online and when it went offline.">
      <EmptyState
        icon={ActivityIcon}
        title="Nothing here yet"
        description="Online and offline events of your screens will appear here with their date and time."
      />
    </PageShell>
  );
}
