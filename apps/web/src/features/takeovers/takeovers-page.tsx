import { can } from '@adloop/contract/permissions';
import { EyeIcon } from 'lucide-react';
import { PageShell } from '@/components/layouts/page-shell';
import { useTakeovers } from '@/features/takeovers/api/get-takeovers';
import { ActiveTakeovers } from '@/features/takeovers/components/active-takeovers';
import { StartTakeoverForm } from '@/features/takeovers/components/start-takeover-form';
import { TakeoverHistory } from '@/features/takeovers/components/takeover-history';
import { useAuth } from '@/lib/auth-context';

/** Emergency takeover (decision 035): what is on screens now, a way to start one, and the record of past ones. */
export function TakeoversPage() {
  const { user } = useAuth();
  const mayStart = can(user.role, 'takeovers', 'create');
  const active = useTakeovers({ status: 'active', page: 1, pageSize: 100 });

  return (
    <PageShell description="Put an urgent message or an ad on chosen screens at once, in place of their ads, and end it when it is over.">
      <ActiveTakeovers takeovers={active.data?.data} loading={active.isLoading} />
      {mayStart ? (
        <StartTakeoverForm />
      ) : (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/30 px-4 py-3 text-sm text-muted-foreground">
          <EyeIcon className="size-4 shrink-0" aria-hidden="true" />
          You can see takeovers of your outlet’s screens; an outlet admin starts and ends them.
        </p>
      )}
      <TakeoverHistory />
    </PageShell>
  );
}
