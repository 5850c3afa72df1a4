import { DEFAULT_IDLE_MS } from '@adloop/contract/constants';
import { useEffect, useState } from 'react';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * True once the user has not moved the mouse, touched the screen or pressed a key for
 * `timeoutMs` (spec §2: 30000 ms by default); false again on the next input.
 */
export function useIdle(timeoutMs: number = DEFAULT_IDLE_MS): boolean {
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), timeoutMs);
    const onActivity = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), timeoutMs);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [timeoutMs]);

  return idle;
}
