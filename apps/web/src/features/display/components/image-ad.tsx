import { clsx } from 'clsx';
import { useEffect, useEffectEvent, useState } from 'react';
import { type AdMediaProps, mediaLayerClass } from '@/features/display/components/ad-media-props';
import { useMediaFailure } from '@/features/display/hooks/use-media-failure';
import { logFailure } from '@/features/display/lib/last-failure';
import { imageDurationSeconds } from '@/features/display/lib/play-entry';

/** An image ad, fitted inside the screen; one play lasts its duration from the moment it shows. */
export function ImageAd({ ad, active, visible, play, onReadyChange, onPlayed, onFailed }: AdMediaProps) {
  const [ready, setReady] = useState(false);
  const failure = useMediaFailure(active, play);
  const seconds = imageDurationSeconds(ad);

  const reportReady = useEffectEvent(onReadyChange);
  const reportPlayed = useEffectEvent(onPlayed);
  const reportFailed = useEffectEvent(onFailed);

  useEffect(() => {
    reportReady(ready);
  }, [ready]);
  useEffect(() => () => reportReady(false), []);

  useEffect(() => {
    if (!active) return;
    if (failure.failedNow) {
      reportFailed(play);
      return;
    }
    if (!ready) return;
    const timer = setTimeout(() => reportPlayed(play, seconds), seconds * 1000);
    return () => clearTimeout(timer);
  }, [active, ready, failure.failedNow, play, seconds]);

  return (
    <img
      key={failure.attempt}
      src={ad.media_url}
      alt={ad.title}
      data-ad-id={ad.id}
      draggable={false}
      decoding="async"
      className={clsx(mediaLayerClass, visible ? 'opacity-100' : 'opacity-0')}
      onLoad={(event) => {
        // Decoded before it is shown, so the swap from the previous ad paints in one frame.
        event.currentTarget
          .decode()
          .catch(() => undefined)
          .finally(() => setReady(true));
      }}
      onError={() => {
        logFailure(`Image ad ${ad.id} (${ad.title}) failed to load`, ad.media_url);
        setReady(false);
        failure.markFailed();
      }}
    />
  );
}
