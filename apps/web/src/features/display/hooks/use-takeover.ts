import { AD_LIST_REFRESH_SECONDS } from '@adloop/contract/constants';
import type { ScreenTakeover } from '@adloop/contract/takeovers';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getScreenTakeover } from '@/features/display/api/get-takeover';
import { currentScreenToken } from '@/features/display/lib/screen-session-store';
import { readStoredTakeover, storeTakeover, takeoverHasEnded } from '@/features/display/lib/takeover-storage';

const sameTakeover = (a: ScreenTakeover | null, b: ScreenTakeover | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The emergency takeover this screen shows (decision 035), or null. Starts from the stored one
 * (a reboot without network shows it at once), asks the server at start, whenever `reload` is
 * called (the `takeover` event, a reconnected event stream, a pushed ad change), with the ad
 * list's periodic refresh and when the network returns. A failed request keeps what is shown.
 * An end time ends it on the device's own clock, online or not.
 */
export function useTakeover(screenId: string): { takeover: ScreenTakeover | null; reload: () => void } {
  const [takeover, setTakeover] = useState<ScreenTakeover | null>(() => readStoredTakeover(screenId));
  const latestRequest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latestRequest.current;
    try {
      const next = await getScreenTakeover(currentScreenToken());
      // An older answer arriving after a newer one must not bring back an ended takeover.
      if (request !== latestRequest.current) return;
      const shown = next && takeoverHasEnded(next) ? null : next;
      storeTakeover(screenId, shown);
      setTakeover((previous) => (sameTakeover(previous, shown) ? previous : shown));
    } catch (error) {
      console.warn('Checking for a takeover failed; the screen shows what it had', error);
    }
  }, [screenId]);

  useEffect(() => {
    void reload();
    const refresh = setInterval(() => void reload(), AD_LIST_REFRESH_SECONDS * 1000);
    const onOnline = () => void reload();
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(refresh);
      window.removeEventListener('online', onOnline);
    };
  }, [reload]);

  useEffect(() => {
    if (!takeover?.ends_at) return;
    const end = () => {
      storeTakeover(screenId, null);
      setTakeover((current) => (current?.id === takeover.id ? null : current));
    };
    const timer = setTimeout(end, Math.max(0, Date.parse(takeover.ends_at) - Date.now()));
    return () => clearTimeout(timer);
  }, [takeover, screenId]);

  return { takeover, reload: useCallback(() => void reload(), [reload]) };
}
