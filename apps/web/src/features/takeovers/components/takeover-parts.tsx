import type { Takeover } from '@adloop/contract/takeovers';
import { format, formatDistanceToNow } from 'date-fns';
import { FilmIcon, MessageSquareWarningIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATUS_STYLES: Record<Takeover['status'], { label: string; className: string }> = {
  ACTIVE: { label: 'Live', className: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-300' },
  ENDED: { label: 'Ended', className: 'border-border bg-muted text-muted-foreground' },
  EXPIRED: { label: 'Ran out', className: 'border-amber-500/30 bg-amber-500/10 text-amber-800 dark:text-amber-300' },
};

export function TakeoverStatusBadge({ status }: { status: Takeover['status'] }) {
  const style = STATUS_STYLES[status];
  return (
    <Badge variant="outline" className={style.className}>
      {status === 'ACTIVE' ? (
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-60" />
          <span className="relative inline-flex size-2 rounded-full bg-red-600" />
        </span>
      ) : null}
      {style.label}
    </Badge>
  );
}

/** What the takeover shows: the message itself, or the ad's picture and title. */
export function TakeoverContent({ takeover, compact = false }: { takeover: Takeover; compact?: boolean }) {
  if (takeover.kind === 'MESSAGE') {
    return (
      <div className="flex min-w-0 items-start gap-2">
        <MessageSquareWarningIcon className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
        <p className={cn('min-w-0 font-medium break-words', compact ? 'line-clamp-2 text-sm' : 'text-base')}>
          {takeover.message}
        </p>
      </div>
    );
  }
  const ad = takeover.ad;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div
        className={cn(
          'flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted ring-1 ring-border',
          compact ? 'size-9' : 'size-14',
        )}
      >
        {ad?.type === 'IMAGE' ? (
          <img src={ad.media_url} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <FilmIcon className="size-5 text-muted-foreground" aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0">
        <p className={cn('truncate font-medium', compact ? 'text-sm' : 'text-base')}>{ad?.title ?? 'Ad'}</p>
        <p className="truncate text-xs text-muted-foreground">
          Ad · {ad?.company.name}
          {ad && ad.status !== 'ACTIVE' ? ` · now ${ad.status.toLowerCase().replace('_', ' ')}` : ''}
        </p>
      </div>
    </div>
  );
}

/** "5 minutes ago", with the exact time on hover. */
export function When({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={format(date, 'PPpp')}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

export function untilLabel(takeover: Pick<Takeover, 'ends_at'>): string {
  if (!takeover.ends_at) return 'Until someone ends it';
  const end = new Date(takeover.ends_at);
  const sameDay = end.toDateString() === new Date().toDateString();
  return `Until ${format(end, sameDay ? 'HH:mm' : 'd MMM, HH:mm')}`;
}

/** How many screens, and how many of them belong to outlets the viewer cannot see. */
export function screensLabel(takeover: Pick<Takeover, 'screens' | 'screen_count'>): string {
  const others = takeover.screen_count - takeover.screens.length;
  const total = `${takeover.screen_count} screen${takeover.screen_count === 1 ? '' : 's'}`;
  return others > 0 ? `${total} (${others} at other outlets)` : total;
}
