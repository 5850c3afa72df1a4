import type { ScreenActivityRow } from '@adloop/contract/reports';
import { format, formatDistanceStrict, formatDistanceToNow } from 'date-fns';
import { ChevronRightIcon, HeartPulseIcon, Loader2Icon, PowerIcon, PowerOffIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useScreenActivity } from '@/features/screen-activity/api/get-screen-activity';
import { groupTimeline } from '@/features/screen-activity/lib/timeline';
import { cn } from '@/lib/utils';

function Transition({ event }: { event: ScreenActivityRow }) {
  const online = event.kind === 'ONLINE';
  const Icon = online ? PowerIcon : PowerOffIcon;
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      <span
        className={cn(
          'z-10 flex size-8 shrink-0 items-center justify-center rounded-full ring-4 ring-card',
          online ? 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400' : 'bg-destructive/15 text-destructive',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <p className="text-sm font-medium">{online ? 'Came online' : 'Went offline'}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={event.occurred_at}>{format(new Date(event.occurred_at), 'EEE d MMM yyyy, HH:mm:ss')}</time>
          {' · '}
          {formatDistanceToNow(new Date(event.occurred_at), { addSuffix: true })}
        </p>
      </div>
    </li>
  );
}

function Heartbeats({ events }: { events: ScreenActivityRow[] }) {
  const [open, setOpen] = useState(false);
  const newest = events[0];
  const oldest = events.at(-1);
  if (!newest || !oldest) return null;
  const spanMs = new Date(newest.occurred_at).getTime() - new Date(oldest.occurred_at).getTime();
  const span =
    spanMs >= 60_000 ? ` over ${formatDistanceStrict(new Date(newest.occurred_at), new Date(oldest.occurred_at))}` : '';

  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      <span className="z-10 flex size-8 shrink-0 items-center justify-center">
        <span className="flex size-5 items-center justify-center rounded-full bg-muted ring-4 ring-card">
          <HeartPulseIcon className="size-3 text-muted-foreground" aria-hidden="true" />
        </span>
      </span>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="-mx-1.5 flex items-center gap-1 rounded px-1.5 py-1 text-left text-xs text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <ChevronRightIcon className={cn('size-3.5 transition-transform', open && 'rotate-90')} aria-hidden="true" />
          {`${events.length} ${events.length === 1 ? 'heartbeat' : 'heartbeats'}${span}`}
          <span className="hidden sm:inline">
            {` · ${format(new Date(oldest.occurred_at), 'HH:mm')}–${format(new Date(newest.occurred_at), 'HH:mm')}`}
          </span>
        </button>
        {open ? (
          <ol className="mt-1 grid max-h-56 gap-0.5 overflow-y-auto pl-5 text-xs text-muted-foreground">
            {events.map((event) => (
              <li key={event.id} className="tabular-nums">
                <time dateTime={event.occurred_at}>{format(new Date(event.occurred_at), 'd MMM, HH:mm:ss')}</time>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </li>
  );
}

/** A screen's history: when it came online and went offline, with the heartbeats between folded away. */
export function ActivityTimeline({ screenId }: { screenId: string }) {
  const activity = useScreenActivity(screenId);
  const events = activity.data?.pages.flatMap((page) => page.data) ?? [];

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
  if (events.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        This screen has not reported any activity yet. It does once it connects.
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <ol
        aria-label="Timeline"
        className="relative before:absolute before:inset-y-2 before:left-4 before:w-px before:bg-border"
      >
        {groupTimeline(events).map((entry) =>
          entry.kind === 'transition' ? (
            <Transition key={entry.event.id} event={entry.event} />
          ) : (
            <Heartbeats key={entry.key} events={entry.events} />
          ),
        )}
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
