import type { Takeover } from '@adloop/contract/takeovers';
import { MonitorCheckIcon, SquareIcon } from 'lucide-react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useEndTakeover } from '@/features/takeovers/api/end-takeover';
import {
  screensLabel,
  TakeoverContent,
  TakeoverStatusBadge,
  untilLabel,
  When,
} from '@/features/takeovers/components/takeover-parts';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

const SHOWN_SCREENS = 12;

function ScreenChips({ takeover }: { takeover: Takeover }) {
  const shown = takeover.screens.slice(0, SHOWN_SCREENS);
  const more = takeover.screens.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Screens">
      {shown.map((screen) => (
        <li
          key={screen.id}
          className="flex max-w-full min-w-0 items-center gap-1.5 rounded-md border bg-background px-2 py-1 text-xs"
          title={`${screen.outlet.name}${screen.is_online ? ' · online' : ' · offline'}`}
        >
          <span
            className={cn(
              'inline-flex size-1.5 shrink-0 rounded-full',
              screen.is_online ? 'bg-emerald-500' : 'bg-muted-foreground/40',
            )}
            aria-hidden="true"
          />
          <span className="shrink-0 font-mono whitespace-nowrap">{screen.screen_code}</span>
          <span className="min-w-0 truncate text-muted-foreground">· {screen.outlet.name}</span>
          <span className="sr-only">{screen.is_online ? '(online)' : '(offline)'}</span>
        </li>
      ))}
      {more > 0 ? <li className="px-2 py-1 text-xs text-muted-foreground">+{more} more</li> : null}
    </ul>
  );
}

function ActiveTakeoverCard({ takeover, onEnd }: { takeover: Takeover; onEnd: (takeover: Takeover) => void }) {
  return (
    <article
      className="relative overflow-hidden rounded-xl border border-red-500/30 bg-red-500/[0.03] shadow-xs"
      aria-label={takeover.kind === 'MESSAGE' ? `Message: ${takeover.message}` : `Ad: ${takeover.ad?.title}`}
    >
      <div className="absolute inset-y-0 left-0 w-1 bg-red-600" aria-hidden="true" />
      <div className="flex flex-col gap-4 p-4 pl-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <TakeoverStatusBadge status={takeover.status} />
            <span className="text-xs text-muted-foreground">{screensLabel(takeover)}</span>
          </div>
          <TakeoverContent takeover={takeover} />
          <ScreenChips takeover={takeover} />
          <p className="text-xs text-muted-foreground">
            Started by {takeover.started_by?.name ?? 'a former user'} <When iso={takeover.started_at} /> ·{' '}
            {untilLabel(takeover)}
          </p>
        </div>
        {takeover.can_end ? (
          <Button variant="outline" className="shrink-0 border-red-500/40" onClick={() => onEnd(takeover)}>
            <SquareIcon className="fill-current" aria-hidden="true" />
            End takeover
          </Button>
        ) : (
          <p className="max-w-48 shrink-0 text-xs text-muted-foreground sm:text-right">
            {takeover.screen_count > takeover.screens.length
              ? 'Covers other outlets too; a global admin ends it.'
              : 'An outlet or global admin ends it.'}
          </p>
        )}
      </div>
    </article>
  );
}

/** The takeovers on screens right now, newest first, each with its End button. */
export function ActiveTakeovers({ takeovers, loading }: { takeovers: Takeover[] | undefined; loading: boolean }) {
  const end = useEndTakeover();
  const { ask, dialog } = useConfirmDialog();

  const onEnd = (takeover: Takeover) =>
    ask({
      title: 'End this takeover?',
      description: `${screensLabel(takeover)} ${takeover.screen_count === 1 ? 'goes back to its ads' : 'go back to their ads'} at once.`,
      confirmLabel: 'End takeover',
      destructive: true,
      onConfirm: async () => {
        await end.mutateAsync(takeover.id);
        toast.success('Takeover ended', {
          description:
            takeover.screen_count === 1 ? 'The screen is back to its ads.' : 'The screens are back to their ads.',
        });
      },
    });

  return (
    <section aria-labelledby="live-takeovers" className="space-y-3">
      <h2 id="live-takeovers" className="text-base font-semibold">
        On screen now
      </h2>
      {loading ? <Skeleton className="h-32 w-full rounded-xl" /> : null}
      {!loading && takeovers?.length === 0 ? (
        <div className="flex items-center gap-3 rounded-xl border border-dashed bg-muted/30 px-4 py-5 text-sm text-muted-foreground">
          <MonitorCheckIcon className="size-5 shrink-0" aria-hidden="true" />
          No takeover is running. Every screen plays its ads.
        </div>
      ) : null}
      <div className="grid gap-3">
        {takeovers?.map((takeover) => (
          <ActiveTakeoverCard key={takeover.id} takeover={takeover} onEnd={onEnd} />
        ))}
      </div>
      {dialog}
    </section>
  );
}
