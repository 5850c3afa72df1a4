import { SCREEN_EVENTS } from '@adloop/contract/constants';
import { adsChangedDelayMs } from '@adloop/contract/screen-events';
import { useEffect, useEffectEvent } from 'react';
import { openScreenEvents } from '@/features/display/api/screen-events';
import { currentScreenToken, signOutScreen } from '@/features/display/lib/screen-session-store';

/**
 * Reloads the ad list when the server pushes a change, and ends the session when the server ends it.
 * `onTakeoverChanged` runs on a takeover event and on every (re)connection, which may have missed one.
 */
export function useScreenEvents(onAdsChanged: () => void, onTakeoverChanged?: () => void) {
  const adsChanged = useEffectEvent(onAdsChanged);
  const takeoverChanged = useEffectEvent(() => onTakeoverChanged?.());

  useEffect(() => {
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const close = openScreenEvents({
      token: currentScreenToken,
      onEvent: (event) => {
        if (event.event === SCREEN_EVENTS.adsChanged) {
          // A reload already due covers this change too: it asks after the change was made.
          debounce ??= setTimeout(() => {
            debounce = undefined;
            adsChanged();
          }, adsChangedDelayMs(event.data));
        }
        if (event.event === SCREEN_EVENTS.sessionEnded) signOutScreen();
        if (event.event === SCREEN_EVENTS.takeover || event.event === 'hello') takeoverChanged();
        // The greeting comes once the server listens for this screen: pushes reach it from now on (tests wait on it).
        if (event.event === 'hello') document.documentElement.dataset.stream = 'open';
        // Staff asked for a screenshot or a reload (decision 059): its code loads only now.
        if (event.event === SCREEN_EVENTS.screenshotRequested || event.event === SCREEN_EVENTS.command) {
          import('@/features/display/lib/screen-remote')
            .then(({ obey }) => obey(event))
            .catch((error: unknown) => console.warn(`Screen ${event.event} failed`, error));
        }
      },
      onUnauthorized: signOutScreen,
    });
    return () => {
      clearTimeout(debounce);
      close();
      delete document.documentElement.dataset.stream;
    };
  }, []);
}
