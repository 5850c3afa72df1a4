import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Tracks a media element that failed to load. It is loaded again (a new `attempt`) only when
 * its ad's turn comes round with a new play, so a screen without network does not hammer it.
 */
export function useMediaFailure(active: boolean, play: number) {
  const [failedAtPlay, setFailedAtPlay] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latestPlay = useRef(play);

  useEffect(() => {
    latestPlay.current = play;
    if (active && failedAtPlay !== null && failedAtPlay !== play) {
      setFailedAtPlay(null);
      setAttempt((value) => value + 1);
    }
  }, [active, play, failedAtPlay]);

  const markFailed = useCallback(() => setFailedAtPlay(latestPlay.current), []);

  return {
    /** The element failed during this very play. */
    failedNow: failedAtPlay !== null && failedAtPlay === play,
    failed: failedAtPlay !== null,
    attempt,
    markFailed,
  };
}
