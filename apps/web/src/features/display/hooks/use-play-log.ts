import type { ScreenAd, ScreenSession } from '@adloop/contract/screen';
import { useCallback, useEffect, useRef } from 'react';
import { postPlays } from '@/features/display/api/post-plays';
import { countPlanPlay } from '@/features/display/lib/plan-plays';
import { createPlayEntry } from '@/features/display/lib/play-entry';
import { openPlayQueue } from '@/features/display/lib/play-queue';
import { PlaySender } from '@/features/display/lib/play-sender';
import { currentScreenToken } from '@/features/display/lib/screen-session-store';

/**
 * Proof of play (docs/design.md §6): each play is written to the device's queue first, then sent in
 * batches; what an earlier run left in the queue goes out as soon as the player starts.
 */
export function usePlayLog(session: ScreenSession): (ad: ScreenAd, durationSeconds: number) => void {
  const sender = useRef<PlaySender | null>(null);

  useEffect(() => {
    let stopped = false;
    let current: PlaySender | null = null;
    const onOnline = () => current?.retryNow();
    void openPlayQueue().then((queue) => {
      if (stopped) return;
      current = new PlaySender({ queue, post: postPlays, token: currentScreenToken });
      sender.current = current;
      void current.flush();
    });
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      current?.stop();
      sender.current = null;
      window.removeEventListener('online', onOnline);
    };
  }, []);

  return useCallback(
    (ad: ScreenAd, durationSeconds: number) => {
      const entry = createPlayEntry(ad, session, new Date(), durationSeconds);
      if (ad.plan) countPlanPlay(ad, Date.now());
      void openPlayQueue()
        .then((queue) => queue.add(entry))
        .then(() => sender.current?.playQueued())
        .catch((error: unknown) => console.error('A play could not be queued', entry, error));
    },
    [session],
  );
}
