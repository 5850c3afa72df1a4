import { HEARTBEAT_INTERVAL_SECONDS } from '@adloop/contract/constants';
import type { ScreenActivityBody, ScreenSession } from '@adloop/contract/screen';
import { useEffect, useEffectEvent, useRef } from 'react';
import { postScreenActivity } from '@/features/display/api/post-screen-activity';
import { logFailure } from '@/features/display/lib/last-failure';
import { playerHealth } from '@/features/display/lib/player-health';
import { RetryAfterGate } from '@/features/display/lib/retry-after-gate';
import {
  createActivityBody,
  savePendingOfflineRecord,
  sendPendingOfflineRecords,
} from '@/features/display/lib/screen-activity';
import { currentScreenToken } from '@/features/display/lib/screen-session-store';
import { ApiError } from '@/lib/http';

let sending: Promise<number | null> | null = null;

/** Sends the offline records an earlier run saved, one round at a time; answers the wait the server asked for. */
function sendOfflineRecords(): Promise<number | null> {
  const token = currentScreenToken();
  if (!token) return Promise.resolve(null);
  sending ??= sendPendingOfflineRecords((record) => postScreenActivity('offline', token, record)).finally(() => {
    sending = null;
  });
  return sending;
}

/**
 * Screen activity (spec §4): online at start, the pending offline records sent, a heartbeat
 * every 60 s (docs/design.md §6), and an offline record saved when the page is hidden or unloaded.
 * Answers that unload handler, which Exit and Return Back run before logging out.
 */
export function useScreenActivity(session: ScreenSession): () => void {
  const savedForThisUnload = useRef(false);

  const latestSession = useRef(session);
  useEffect(() => {
    latestSession.current = session;
  }, [session]);

  const saveOfflineRecord = useRef(() => {
    // pagehide and beforeunload both fire on one unload; it is one offline moment.
    if (savedForThisUnload.current) return;
    savedForThisUnload.current = true;
    savePendingOfflineRecord(createActivityBody(latestSession.current, new Date()));
  }).current;

  // Read at call time: a renewed token gives a new session object, which is no new start
  // (another screen remounts the player, see DisplayPage).
  const recordNow = useEffectEvent(() => createActivityBody(session, new Date()));

  useEffect(() => {
    // An online record the server asked to hold back (Retry-After), sent after the wait with its own time.
    let heldOnline: ScreenActivityBody | null = null;
    const sendHeld = () => {
      if (heldOnline) send('online', heldOnline);
      void sendOffline();
    };
    const gate = new RetryAfterGate(sendHeld);
    function send(kind: 'online' | 'heartbeat', body: ScreenActivityBody) {
      const token = currentScreenToken();
      if (!token) return;
      postScreenActivity(kind, token, body).then(
        () => {
          if (kind === 'online') heldOnline = null;
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.retryAfterMs !== null) {
            // A start is worth its record; a heartbeat is stood in for by the next one.
            if (kind === 'online') heldOnline = body;
            gate.wait(error.retryAfterMs);
            return;
          }
          // Spec §8: failed online logging is logged and ignored.
          logFailure(`Screen ${kind} post failed`, error);
        },
      );
    }
    function sendOffline() {
      return sendOfflineRecords().then((retryAfterMs) => {
        if (retryAfterMs !== null) gate.wait(retryAfterMs);
      });
    }

    send('online', recordNow());
    void sendOffline();
    const heartbeat = setInterval(() => {
      // While the server has asked the screen to wait, a heartbeat would only be refused again.
      // Stamped when the beat fires, not after the health is read: a beat every 60 s of the
      // player's clock. The read's few ms count toward the clock skew, far below its 1-min warning.
      if (gate.admit()) {
        const record = recordNow();
        void playerHealth()
          .catch(() => undefined)
          .then((health) => send('heartbeat', { ...record, health }));
      }
    }, HEARTBEAT_INTERVAL_SECONDS * 1000);
    const onPageShow = (event: PageTransitionEvent) => {
      // Back from the back/forward cache: the page lives again without a fresh start.
      if (!event.persisted) return;
      savedForThisUnload.current = false;
      send('online', recordNow());
      void sendOffline();
    };
    window.addEventListener('pagehide', saveOfflineRecord);
    window.addEventListener('beforeunload', saveOfflineRecord);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      clearInterval(heartbeat);
      gate.stop();
      window.removeEventListener('pagehide', saveOfflineRecord);
      window.removeEventListener('beforeunload', saveOfflineRecord);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [saveOfflineRecord]);

  return saveOfflineRecord;
}
