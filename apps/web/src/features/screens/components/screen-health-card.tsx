import type { Screen, ScreenHealth } from '@adloop/contract/screens';
import { TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBytes } from '@/lib/format-bytes';
import { onReadersClock } from '@/lib/readers-clock';

/** A span of time as people say it: 45 s, 12 min, 3 h, 2 days. */
function spanOf(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

function clockOf(skewMs: number | null): string {
  if (skewMs === null) return 'Not reported';
  if (Math.abs(skewMs) < 1000) return 'In step with the server';
  return `${spanOf(skewMs)} ${skewMs > 0 ? 'ahead of' : 'behind'} the server`;
}

function cacheOf({ cache_bytes: used, quota_bytes: quota }: ScreenHealth): string {
  if (used === null) return 'Not reported';
  if (!quota) return formatBytes(used);
  return `${formatBytes(used)} of ${formatBytes(quota)} (${Math.round((used / quota) * 100)} %)`;
}

function queueOf({ queued_plays: queued, previous_queued_plays: previous }: ScreenHealth): string {
  if (queued === null) return 'Not reported';
  if (previous === null || previous === queued) return String(queued);
  return `${queued} (${previous} at the report before)`;
}

/** What each warning means for the screen, and what to do about it. */
function warningText(warning: ScreenHealth['warnings'][number], health: ScreenHealth): string {
  switch (warning) {
    case 'QUEUE_GROWING':
      return `Plays are piling up on the screen (${health.queued_plays}, up from ${health.previous_queued_plays}): it is not getting them to the server. They are kept and sent once it can.`;
    case 'CLOCK_OFF':
      return `The screen's clock is ${spanOf(health.clock_skew_ms ?? 0)} ${(health.clock_skew_ms ?? 0) > 0 ? 'ahead of' : 'behind'} the server's. Turn on automatic date and time on the device.`;
    case 'CACHE_NEARLY_FULL':
      return 'Its storage is over 90 % full: the browser may drop cached media, and the screen may go blank when offline. Clear its cache or remove unused ads.';
  }
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** How the screen's player is doing, as it said with its last heartbeat (decision 060). */
export function ScreenHealthCard({ screen }: { screen: Screen }) {
  const health = screen.health ?? null;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Player health</CardTitle>
        <CardDescription>As the player reported with its last heartbeat (every minute).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {health === null ? (
          <p className="text-sm text-muted-foreground">
            No report yet. The screen sends one with its next heartbeat once it plays on an up-to-date player.
          </p>
        ) : (
          <>
            {health.warnings.length > 0 ? (
              <ul aria-label="Warnings" className="grid gap-2">
                {health.warnings.map((warning) => (
                  <li
                    key={warning}
                    className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
                  >
                    <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span>{warningText(warning, health)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className="grid gap-3">
              <Fact term="Reported">{onReadersClock(health.reported_at)}</Fact>
              <Fact term="Player version">
                <span className="font-mono">{health.app_version ?? 'Not reported'}</span>
              </Fact>
              <Fact term="Cache used">{cacheOf(health)}</Fact>
              <Fact term="Plays waiting to be sent">{queueOf(health)}</Fact>
              <Fact term="Clock">{clockOf(health.clock_skew_ms)}</Fact>
              <Fact term="Last error since the player started">
                {health.last_error ? <span className="font-mono text-xs">{health.last_error}</span> : 'None'}
              </Fact>
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}
