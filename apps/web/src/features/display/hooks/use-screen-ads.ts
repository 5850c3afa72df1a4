import { AD_LIST_REFRESH_SECONDS } from '@adloop/contract/constants';
import { errorTitleForStatus } from '@adloop/contract/errors';
import type { ScreenAd } from '@adloop/contract/screen';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getScreenAds } from '@/features/display/api/get-screen-ads';
import { logFailure } from '@/features/display/lib/last-failure';
import { RetryAfterGate } from '@/features/display/lib/retry-after-gate';
import { currentScreenToken, signOutScreen } from '@/features/display/lib/screen-session-store';
import { ApiError } from '@/lib/http';
import { toast } from '@/lib/toast';

/** Until the first list arrives, ask again this often (the screen may have started offline). */
const FIRST_LOAD_RETRY_MS = 10_000;

function sameAds(a: readonly ScreenAd[], b: readonly ScreenAd[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The screen's ads (spec §4): fetched when the session is ready, refreshed every 300 s and
 * whenever `reload` is called (a pushed change, the network coming back). A failed refresh is
 * logged and the current ads play on; a 401 or 403 ends the session, which sends the page
 * back to the connect route. `null` until the first list has arrived.
 */
export function useScreenAds(): { ads: ScreenAd[] | null; reload: () => void } {
  const [ads, setAds] = useState<ScreenAd[] | null>(null);
  const latestRequest = useRef(0);
  const gate = useRef<RetryAfterGate | null>(null);
  const hasAds = ads !== null;

  const reload = useCallback(async () => {
    // While the server has asked to wait (429/503 with Retry-After), the gate makes the one request after.
    if (gate.current && !gate.current.admit()) return;
    const request = ++latestRequest.current;
    try {
      const next = await getScreenAds(currentScreenToken());
      // An older answer arriving after a newer one must not bring back an outdated list.
      if (request !== latestRequest.current) return;
      setAds((previous) => (previous && sameAds(previous, next) ? previous : next));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        toast.error(errorTitleForStatus(error.status), { description: error.message });
        signOutScreen();
        return;
      }
      if (error instanceof ApiError && error.retryAfterMs !== null) gate.current?.wait(error.retryAfterMs);
      logFailure('Loading the ad list failed; the current ads play on', error);
    }
  }, []);

  useEffect(() => {
    const retryGate = new RetryAfterGate(() => void reload());
    gate.current = retryGate;
    void reload();
    const refresh = setInterval(() => void reload(), AD_LIST_REFRESH_SECONDS * 1000);
    const onOnline = () => void reload();
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(refresh);
      window.removeEventListener('online', onOnline);
      retryGate.stop();
    };
  }, [reload]);

  useEffect(() => {
    if (hasAds) return;
    const retry = setInterval(() => void reload(), FIRST_LOAD_RETRY_MS);
    return () => clearInterval(retry);
  }, [hasAds, reload]);

  return { ads, reload: () => void reload() };
}
