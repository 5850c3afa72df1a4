import type { IntegrationToken, IntegrationTokenUse } from '@adloop/contract/integration-tokens';
import { ActivityIcon, ChevronLeftIcon, ChevronRightIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useIntegrationTokenUses } from '@/features/settings/api/get-integration-token-uses';
import { onReadersClock, readersZone } from '@/lib/readers-clock';
import { cn } from '@/lib/utils';

const PAGE_SIZE = 20;

function statusClass(status: number): string {
  if (status < 300) return 'border-emerald-600/30 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300';
  if (status < 500) return 'border-amber-500/40 bg-amber-500/10 text-amber-900 dark:text-amber-300';
  return 'border-destructive/40 bg-destructive/10 text-destructive';
}

function UseRow({ use }: { use: IntegrationTokenUse }) {
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
      <div className="flex min-w-0 items-center gap-2">
        <span className="w-14 shrink-0 font-mono text-xs font-semibold">{use.method}</span>
        <span className="min-w-0 truncate font-mono text-sm" title={use.route}>
          {use.route}
        </span>
        <Badge variant="outline" className={cn('ml-auto tabular-nums sm:ml-2', statusClass(use.status_code))}>
          {use.status_code}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground tabular-nums sm:text-right">
        <time dateTime={use.at}>{onReadersClock(use.at)}</time>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, from </span>
        {use.ip ?? 'unknown address'}
      </p>
    </li>
  );
}

/** A token's recent requests, newest first: method, route, answer, when (with its zone) and from where. */
export function TokenUsesDialog({ token, onClose }: { token: IntegrationToken | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const uses = useIntegrationTokenUses(token?.id ?? null, { page, pageSize: PAGE_SIZE });
  useEffect(() => {
    if (token) setPage(1);
  }, [token]);
  const meta = uses.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.pageSize)) : 1;

  return (
    <Dialog open={token !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Recent uses of “{token?.name}”</DialogTitle>
          <DialogDescription>
            Every request made with {token?.hint}, newest first. Times are in {readersZone()}.
          </DialogDescription>
        </DialogHeader>
        <div className="min-w-0 overflow-hidden rounded-lg border" aria-busy={uses.isFetching}>
          {uses.isLoading ? (
            <div className="grid gap-3 p-4" aria-hidden="true">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          ) : uses.isError ? (
            <p className="p-6 text-center text-sm text-muted-foreground">The uses could not be loaded.</p>
          ) : meta?.total === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
              <ActivityIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              <p className="text-sm font-medium">Not used yet</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Each request made with this token will be listed here.
              </p>
            </div>
          ) : (
            <ul aria-label="Uses" className="divide-y">
              {uses.data?.data.map((use) => (
                <UseRow key={use.id} use={use} />
              ))}
            </ul>
          )}
        </div>
        <DialogFooter className="items-center sm:justify-between">
          {meta && meta.total > PAGE_SIZE ? (
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                className="size-8"
                aria-label="Newer uses"
                disabled={page <= 1}
                onClick={() => setPage((current) => current - 1)}
              >
                <ChevronLeftIcon aria-hidden="true" />
              </Button>
              <span className="text-sm tabular-nums">
                Page {page} of {pages}
              </span>
              <Button
                variant="outline"
                size="icon"
                className="size-8"
                aria-label="Older uses"
                disabled={page >= pages}
                onClick={() => setPage((current) => current + 1)}
              >
                <ChevronRightIcon aria-hidden="true" />
              </Button>
              {uses.isFetching ? <Loader2Icon className="size-4 animate-spin" aria-hidden="true" /> : null}
            </div>
          ) : (
            <span />
          )}
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
