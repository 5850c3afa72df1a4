import { formatDistanceToNowStrict } from 'date-fns';
import { CheckCircle2Icon, MonitorIcon, MonitorOffIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { ScreenStatus } from '@/features/screen-activity/api/get-screen-status';
import { onOutletClock } from '@/features/screen-activity/lib/outlet-clock';
import { cn } from '@/lib/utils';

/** Offline screens first, the longest offline at the top; then online ones by code. */
export function byUrgency(a: ScreenStatus, b: ScreenStatus): number {
  if (a.is_online !== b.is_online) return a.is_online ? 1 : -1;
  if (!a.is_online) {
    if (a.since === null || b.since === null) return a.since === null ? 1 : -1;
    return a.since.localeCompare(b.since);
  }
  return a.screen_code.localeCompare(b.screen_code);
}

function sinceText(screen: ScreenStatus): string {
  if (!screen.since) return screen.is_online ? 'Online' : 'Never connected';
  const span = formatDistanceToNowStrict(new Date(screen.since));
  return screen.is_online ? `Online for ${span}` : `Offline for ${span}`;
}

type ScreenStatusListProps = {
  screens: ScreenStatus[] | undefined;
  loading: boolean;
  selected: string | undefined;
  onSelect: (screenId: string) => void;
};

/** Which screens are dark right now and since when, so someone can go and switch them back on. */
export function ScreenStatusList({ screens, loading, selected, onSelect }: ScreenStatusListProps) {
  const offline = screens?.filter((screen) => !screen.is_online).length ?? 0;
  const online = (screens?.length ?? 0) - offline;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>Status now</h2>
        </CardTitle>
        <CardDescription>
          {loading
            ? 'Checking the screens…'
            : screens?.length
              ? `${online} online · ${offline} offline. Choose a screen to see its timeline.`
              : 'No screens yet.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-3 sm:px-4">
        {loading ? (
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : !screens?.length ? (
          <p className="flex items-center gap-2 px-2 py-4 text-sm text-muted-foreground">
            <MonitorIcon className="size-4" aria-hidden="true" />
            Screens appear here once they are created for an outlet.
          </p>
        ) : (
          <>
            {offline === 0 ? (
              <p className="mb-3 flex items-center gap-2 rounded-lg bg-emerald-500/10 px-3 py-2 text-sm text-emerald-700 dark:text-emerald-400">
                <CheckCircle2Icon className="size-4 shrink-0" aria-hidden="true" />
                Every screen is online.
              </p>
            ) : null}
            <ul aria-label="Screens" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {[...screens].sort(byUrgency).map((screen) => {
                const Icon = screen.is_online ? MonitorIcon : MonitorOffIcon;
                return (
                  <li key={screen.screen_id}>
                    <button
                      type="button"
                      onClick={() => onSelect(screen.screen_id)}
                      aria-pressed={selected === screen.screen_id}
                      className={cn(
                        'flex w-full items-center gap-3 rounded-lg border p-3 text-left transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                        selected === screen.screen_id && 'border-primary bg-primary/5',
                        !screen.is_online && 'border-destructive/30',
                      )}
                    >
                      <span
                        className={cn(
                          'flex size-9 shrink-0 items-center justify-center rounded-lg',
                          screen.is_online
                            ? 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400'
                            : 'bg-destructive/10 text-destructive',
                        )}
                      >
                        <Icon className="size-4" aria-hidden="true" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="flex items-center gap-2">
                          <span className="truncate font-mono text-sm font-medium">{screen.screen_code}</span>
                          <span
                            className={cn(
                              'shrink-0 rounded-full px-1.5 py-0.5 text-[11px] font-medium',
                              screen.is_online
                                ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400'
                                : 'bg-destructive/10 text-destructive',
                            )}
                          >
                            {screen.is_online ? 'Online' : 'Offline'}
                          </span>
                        </span>
                        <span className="block truncate text-xs text-muted-foreground">{screen.outlet_name}</span>
                        <span
                          className="block truncate text-xs text-muted-foreground"
                          title={screen.since ? onOutletClock(screen.since, screen.timezone) : undefined}
                        >
                          {sinceText(screen)}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
