import type { DashboardSummary } from '@adloop/contract/dashboard';
import { can } from '@adloop/contract/permissions';
import { connectionWords, offlineSummary } from '@adloop/contract/screen-connection';
import { SCREEN_ONLINE_WINDOW_SECONDS } from '@adloop/contract/screens';
import { formatDistanceToNow } from 'date-fns';
import { CheckCircle2Icon, MonitorOffIcon } from 'lucide-react';
import { Link } from 'react-router';
import { SectionEmpty, SummarySection } from '@/features/dashboard/components/summary-section';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

/**
 * The screens offline now, by the rule the bell and the screen pages use (decision 092), each
 * with its outlet's alert threshold and whether the alert was sent; the line above the list is
 * the bell's own sentence.
 */
export function OfflineScreens({ summary }: { summary: DashboardSummary }) {
  const { user } = useAuth();
  const mayEdit = can(user.role, 'screens', 'update');
  const sentence = summary.offline_counts ? offlineSummary(summary.offline_counts) : null;
  return (
    <SummarySection
      title="Screens offline now"
      description={`No heartbeat for ${SCREEN_ONLINE_WINDOW_SECONDS / 60} min, or the display was closed. The alert follows after each outlet's threshold.`}
      to={paths.screens.getHref({ online: 'false' })}
    >
      {summary.offline_screens.length === 0 ? (
        <SectionEmpty icon={CheckCircle2Icon}>Every screen is online.</SectionEmpty>
      ) : (
        <div className="flex min-w-0 flex-col gap-3">
          {sentence ? (
            <p role="status" className="text-sm font-medium">
              {sentence}.
            </p>
          ) : null}
          <ul className="divide-y" aria-label="Offline screens">
            {summary.offline_screens.map((screen) => {
              const words = connectionWords({
                is_online: false,
                last_seen_at: screen.last_seen_at,
                alert_after_minutes: screen.alert_after_minutes,
                alerted_at: screen.alerted_at,
              });
              return (
                <li key={screen.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted">
                    <MonitorOffIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    {mayEdit ? (
                      <Link
                        to={paths.editScreen.getHref(screen.id)}
                        className="font-mono text-sm font-medium hover:underline"
                      >
                        {screen.screen_code}
                      </Link>
                    ) : (
                      <span className="font-mono text-sm font-medium">{screen.screen_code}</span>
                    )}
                    <span className="block text-xs break-words text-muted-foreground">
                      {screen.outlet_name}
                      {screen.last_seen_at
                        ? ` · seen ${formatDistanceToNow(new Date(screen.last_seen_at), { addSuffix: true })}`
                        : ''}
                    </span>
                    <span className="block text-xs break-words text-muted-foreground">{words.alert}</span>
                  </div>
                  <span className="shrink-0 text-right text-xs font-medium text-muted-foreground">{words.state}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </SummarySection>
  );
}
