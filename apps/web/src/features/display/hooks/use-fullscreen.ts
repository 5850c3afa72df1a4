import { useCallback, useEffect, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

function isFullscreen() {
  return document.fullscreenElement !== null;
}

/**
 * Fullscreen for the player, only where the browser supports it (spec §4). Errors are logged and
 * answer false (spec §8); leaving the page leaves fullscreen (spec §2).
 */
export function useFullscreen() {
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const active = useSyncExternalStore(subscribe, isFullscreen, () => false);

  const enter = useCallback(async (): Promise<boolean> => {
    if (!supported) return false;
    try {
      await document.documentElement.requestFullscreen();
      return true;
    } catch (error) {
      console.error('Could not enter fullscreen', error);
      return false;
    }
  }, [supported]);

  const exit = useCallback(async (): Promise<boolean> => {
    if (!supported || !isFullscreen()) return false;
    try {
      await document.exitFullscreen();
      return true;
    } catch (error) {
      console.error('Could not exit fullscreen', error);
      return false;
    }
  }, [supported]);

  useEffect(() => () => void exit(), [exit]);

  return { supported, active, enter, exit, toggle: () => (active ? exit() : enter()) };
}
