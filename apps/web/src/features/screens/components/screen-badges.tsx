import { connectionWords } from '@adloop/contract/screen-connection';
import type { Screen } from '@adloop/contract/screens';
import { format, formatDistanceToNow } from 'date-fns';
import { LockIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * Online now (a heartbeat within the last 150 s) or offline, with when the screen was last heard
 * from and its outlet's alert threshold, in the words the home page and the bell use (decision 092).
 */
export function ScreenConnection({ screen, compact = false }: { screen: Screen; compact?: boolean }) {
  const lastSeen = screen.last_seen_at ? new Date(screen.last_seen_at) : null;
  const words = connectionWords({
    is_online: screen.is_online,
    last_seen_at: screen.last_seen_at,
    alert_after_minutes: screen.alert_after_minutes,
    alerted_at: screen.offline_alerted_at,
  });
  return (
    <div className={cn('flex min-w-0 gap-x-2 gap-y-1', compact ? 'flex-wrap items-center' : 'flex-col items-start')}>
      <Badge
        variant="outline"
        className={
          screen.is_online
            ? 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300'
            : 'border-border bg-muted text-muted-foreground'
        }
      >
        <span className="relative flex size-2" aria-hidden="true">
          {screen.is_online ? (
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
          ) : null}
          <span
            className={cn(
              'relative inline-flex size-2 rounded-full',
              screen.is_online ? 'bg-emerald-500' : 'bg-muted-foreground/50',
            )}
          />
        </span>
        {screen.is_online ? 'Online' : 'Offline'}
      </Badge>
      <span className="text-xs text-muted-foreground" title={lastSeen ? format(lastSeen, 'PPpp') : undefined}>
        {lastSeen ? `Seen ${formatDistanceToNow(lastSeen, { addSuffix: true })}` : 'Never connected'}
      </span>
      <span className="text-xs text-muted-foreground">{words.alert}</span>
    </div>
  );
}

/** Wrong passcodes from many networks (decision 040): the screen keeps playing; new networks wait. */
function signInAlertTitle(alert: NonNullable<Screen['sign_in_alert']>): string {
  const last = formatDistanceToNow(new Date(alert.last_failed_at), { addSuffix: true });
  return `${alert.failed_attempts} wrong passcodes from ${alert.networks} networks in the last day, the last ${last}. The screen keeps playing; reset the passcode if it may have leaked.`;
}

export function ScreenStatusBadges({ screen }: { screen: Pick<Screen, 'status' | 'locked' | 'sign_in_alert'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge
        variant="outline"
        className={
          screen.status === 'ACTIVE'
            ? 'border-primary/30 bg-primary/10 text-primary'
            : 'border-border bg-muted text-muted-foreground'
        }
      >
        {screen.status === 'ACTIVE' ? 'Active' : 'Disabled'}
      </Badge>
      {screen.sign_in_alert ? (
        <Badge
          variant="outline"
          className="border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-300"
          title={signInAlertTitle(screen.sign_in_alert)}
        >
          <LockIcon aria-hidden="true" />
          {screen.locked ? 'Sign-ins slowed' : 'Wrong passcodes'}
        </Badge>
      ) : null}
    </span>
  );
}

export function ScreenTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {tags.map((tag) => (
        <Badge key={tag} variant="secondary" className="font-normal">
          {tag}
        </Badge>
      ))}
    </span>
  );
}
