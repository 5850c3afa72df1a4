import { type RefObject, useEffect, useEffectEvent, useState } from 'react';
import type { StreamEvents, StreamKind } from '@/features/display/lib/stream-kind';

/**
 * Gives a video ad's element its stream, when the ad is one (HLS or DASH), once per element
 * (`attempt`), and takes it away when the element goes. True once the element has its source:
 * at once for a file, which the element loads from its own `src`.
 */
export function useStreamSource(
  video: RefObject<HTMLVideoElement | null>,
  url: string,
  kind: StreamKind | null,
  attempt: number,
  { onFatal, onEnded }: StreamEvents,
): boolean {
  const [attachedAttempt, setAttachedAttempt] = useState<number | null>(null);
  const reportFatal = useEffectEvent(onFatal);
  const reportEnded = useEffectEvent(onEnded);

  useEffect(() => {
    const element = video.current;
    if (kind === null || !element) return;
    let stopped = false;
    let detach: (() => void) | null = null;
    import('@/features/display/lib/stream-engine')
      .then(({ attachStream }) =>
        attachStream(element, url, kind, {
          onFatal: (reason) => {
            if (!stopped) reportFatal(reason);
          },
          onEnded: () => {
            if (!stopped) reportEnded();
          },
        }),
      )
      .then((release) => {
        if (stopped) return release();
        detach = release;
        setAttachedAttempt(attempt);
      })
      .catch((error: unknown) => {
        // The engine's chunk did not load (no network): the ad fails like a file that does not load.
        if (!stopped) reportFatal(`the ${kind.toUpperCase()} player could not load: ${String(error)}`);
      });
    return () => {
      stopped = true;
      detach?.();
    };
  }, [video, url, kind, attempt]);

  return kind === null || attachedAttempt === attempt;
}
