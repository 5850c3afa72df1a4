import { HEARTBEAT_INTERVAL_SECONDS } from '@adloop/contract/constants';
import type { ScreenActivityBody, ScreenSession } from '@adloop/contract/screen';
import { useEffect, useEffectEvent, useRef } from 'react';
import { postScreenActivity } from '@/features/display/api/post-screen-activity';
import {
  createActivityBody,
  readPendingOfflineRecords,
  savePendingOfflineRecord,
  writePendingOfflineRecords,
} from '@/features/display/lib/screen-activity';
import { currentScreenToken } from '@/features/display/lib/screen-session-store';
import { ApiError } from '@/lib/http';

let sending: Promise<void> | null = null;

/** Sends the offline records an earlier run saved; each leaves storage once the server took it. */
function sendPendingOfflineRecords(): Promise<void> {
  sending ??= sendEach().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendEach() {
  const token = currentScreenToken();
  const pending = readPendingOfflineRecords();
  if (!token || pending.length === 0) return;
  const kept: ScreenActivityBody[] = [];
  for (const record of pending) {
    try {
      await postScreenActivity('offline', token, record);
    } catch (error) {
      // A record the server refuses (another screen's, malformed) would be refused for ever.
      const refused = error instanceof ApiError && (error.status === 400 || error.status === 403);
      if (refused) console.error('Dropping an offline record the server refused', record, error);
      else {
        console.warn('Sending an offline record failed; kept for the next start', error);
        kept.push(record);
      }
    }
  }
  // Records saved while these were sent (another tab closing) are kept too.
  const sent = new Set(pending.filter((record) => !kept.includes(record)).map((record) => JSON.stringify(record)));
  writePendingOfflineRecords(readPendingOfflineRecords().filter((record) => !sent.has(JSON.stringify(record))));
}

function post(kind: 'online' | 'heartbeat', session: ScreenSession) {
  const token = currentScreenToken();
  if (!token) return;
  postScreenActivity(kind, token, createActivityBody(session, new Date())).catch((error: unknown) => {
    // Spec §8: failed online logging is logged and ignored.
    console.warn(`Screen ${kind} post failed`, error);
  });
}

/**
 * Screen activity (spec §4): online at start, the pending offline records sent, a heartbeat
 * every 60 s (DESIGN §6), and an offline record saved when the page is hidden or unloaded.
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
  const announce = useEffectEvent((kind: 'online' | 'heartbeat') => post(kind, session));

  useEffect(() => {
    announce('online');
    void sendPendingOfflineRecords();
    const heartbeat = setInterval(() => announce('heartbeat'), HEARTBEAT_INTERVAL_SECONDS * 1000);
    const onPageShow = (event: PageTransitionEvent) => {
      // Back from the back/forward cache: the page lives again without a fresh start.
      if (!event.persisted) return;
      savedForThisUnload.current = false;
      announce('online');
      void sendPendingOfflineRecords();
    };
    window.addEventListener('pagehide', saveOfflineRecord);
    window.addEventListener('beforeunload', saveOfflineRecord);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', saveOfflineRecord);
      window.removeEventListener('beforeunload', saveOfflineRecord);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [saveOfflineRecord]);

  return saveOfflineRecord;
}
