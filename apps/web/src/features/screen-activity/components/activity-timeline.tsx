import type { ScreenActivityRow } from '@adloop/contract/reports';
import { formatDistanceToNow } from 'date-fns';
import { Loader2Icon, PowerIcon, PowerOffIcon, SparklesIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useScreenActivity } from '@/features/screen-activity/api/get-screen-activity';
import { formatDowntime, onOutletClock } from '@/features/screen-activity/lib/outlet-clock';
import { cn } from '@/lib/utils';

const OFFLINE_REASONS = {
  DISPLAY_CLOSED: 'The display was closed',
  MISSED_HEARTBEATS: 'Its heartbeats stopped',
} as const;

function describe(change: ScreenActivityRow): { title: string; detail: string | null } {
  if (change.kind === 'ONLINE') return { title: 'First seen online', detail: null };
  if (change.kind === 'BACK_ONLINE') {
    return {
      title: 'Back online',
      detail: change.downtime_seconds === null ? null : `after ${formatDowntime(change.downtime_seconds)} offline`,
    };
  }
  return { title: 'Went offline', detail: change.offline_reason ? OFFLINE_REASONS[change.offline_reason] : null };
}

function StateChange({ change }: { change: ScreenActivityRow }) {
  const offline = change.kind === 'OFFLINE';
  const Icon = offline ? PowerOffIcon : change.kind === 'ONLINE' ? SparklesIcon : PowerIcon;
  const { title, detail } = describe(change);
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      <span
        className={cn(
          'z-10 flex size-8 shrink-0 items-center justify-center rounded-full ring-4 ring-card',
          offline ? 'bg-destructive/15 text-destructive' : 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <p className="text-sm font-medium">
          {title}
          {detail ? <span className="font-normal text-muted-foreground"> · {detail}</span> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={change.occurred_at} title={change.timezone}>
            {onOutletClock(change.occurred_at, change.timezone)}
          </time>
          {' · '}
          {formatDistanceToNow(new Date(change.occurred_at), { addSuffix: true })}
        </p>
      </div>
    </li>
  );
}

/** A screen's history: when it was first seen, went offline and came back, newest first. */
export function ActivityTimeline({ screenId }: { screenId: string }) {
  const activity = useScreenActivity(screenId);
  const changes = activity.data?.pages.flatMap((page) => page.data) ?? [];

  if (activity.isLoading) {
    return (
      <div className="grid gap-4" aria-hidden="true">
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="grid flex-1 gap-2 pt-1">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-48" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (changes.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        This screen has not connected yet. Its history starts when it does.
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <ol
        aria-label="Timeline"
        className="relative before:absolute before:inset-y-2 before:left-4 before:w-px before:bg-border"
      >
        {changes.map((change) => (
          <StateChange key={change.id} change={change} />
        ))}
      </ol>
      {activity.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          onClick={() => activity.fetchNextPage()}
          disabled={activity.isFetchingNextPage}
        >
          {activity.isFetchingNextPage ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          Load earlier activity
        </Button>
      ) : (
        <p className="text-center text-xs text-muted-foreground">The start of this screen's history.</p>
      )}
    </div>
  );
}
