import type { PlayerHealthReport } from '@adloop/contract/screen';
import { lastFailureMessage } from '@/features/display/lib/last-failure';
import { openPlayQueue } from '@/features/display/lib/play-queue';

/**
 * What the heartbeat says of the player (decision 060): its build, the origin's storage use of its
 * quota (mostly the media cache), the plays still queued and its last error. What the browser
 * cannot tell is left out, so the report is never refused.
 */
export async function playerHealth(): Promise<PlayerHealthReport> {
  const [storage, queued] = await Promise.all([
    navigator.storage?.estimate().catch(() => undefined),
    openPlayQueue()
      .then((queue) => queue.count())
      .catch(() => undefined),
  ]);
  return {
    app_version: __APP_VERSION__,
    cache_bytes: storage?.usage,
    quota_bytes: storage?.quota,
    queued_plays: queued,
    last_error: lastFailureMessage(),
  };
}
