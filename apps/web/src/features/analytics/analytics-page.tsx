import { BarChart3Icon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';

export function AnalyticsPage() {
  return (
    <PageShell description="How often your ads play, on which screens and when.">
      <EmptyState
        icon={BarChart3Icon}
        title="Nothing here yet"
        description="Charts of plays per day, per ad and per outlet will appear here once screens report plays."
      />
    </PageShell>
  );
}
