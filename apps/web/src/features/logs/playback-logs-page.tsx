import { HistoryIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';

export function PlaybackLogsPage() {
  return (
    <PageShell description="Every play of every ad, as the screens report it.">
      <EmptyState
        icon={HistoryIcon}
        title="Nothing here yet"
        description="Plays will appear here, newest first, with the ad, screen, outlet, date and time."
      />
    </PageShell>
  );
}
