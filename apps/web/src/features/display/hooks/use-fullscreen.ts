import { useCallback, useEffect, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

/** Players on the page using fullscreen now (the loop, or a takeover in its place). */
let mounted = 0;

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

  // Leaving the page leaves fullscreen; handing the screen from the loop to a takeover and back
  // (one unmounts as the other mounts, in one commit) keeps it.
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      queueMicrotask(() => {
        if (mounted === 0) void exit();
      });
    };
  }, [exit]);

  return { supported, active, enter, exit, toggle: () => (active ? exit() : enter()) };
}
