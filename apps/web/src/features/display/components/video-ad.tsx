import { screenMediaOf } from '@adloop/contract/media-kind';
import { clsx } from 'clsx';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { type AdMediaProps, mediaLayerClass } from '@/features/display/components/ad-media-props';
import { useMediaFailure } from '@/features/display/hooks/use-media-failure';
import { useStreamSource } from '@/features/display/hooks/use-stream-source';
import { logFailure } from '@/features/display/lib/last-failure';
import { LIVE_STREAM_PROBLEM } from '@/features/display/lib/stream-kind';

/** A video that waits this long for data is given up, so one broken file cannot freeze the loop. */
const STALL_LIMIT_MS = 20_000;

/**
 * A video ad: autoplaying, inline, without native controls, muted unless the viewer unmuted
 * (spec §2). While it waits its turn it is loaded and parked on its first frame, so it starts
 * the moment the previous ad ends. A file plays from the element's source; an HLS or DASH
 * stream through its engine (decision 053), and, like a file, its end is one play.
 */
export function VideoAd({
  ad,
  active,
  visible,
  play,
  muted,
  onReadyChange,
  onPlayed,
  onFailed,
  onBufferingChange,
}: AdMediaProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [buffering, setBuffering] = useState(false);
  const failure = useMediaFailure(active, play);
  const media = screenMediaOf(ad.media_url);
  const stream = media.kind === 'hls' || media.kind === 'dash' ? media.kind : null;

  const giveUp = (reason: unknown) => {
    logFailure(`Video ad ${ad.id} (${ad.title}) failed to load`, ad.media_url, reason);
    setReady(false);
    setBuffering(false);
    failure.markFailed();
  };
  // One play per play of the loop, however many ways its end is reported (the element, a stream's engine).
  const endedPlay = useRef<number | null>(null);
  const ended = () => {
    const element = video.current;
    if (!active || !element || endedPlay.current === play) return;
    endedPlay.current = play;
    onPlayed(play, element.duration);
  };
  const attached = useStreamSource(video, ad.media_url, stream, failure.attempt, { onFatal: giveUp, onEnded: ended });

  const reportReady = useEffectEvent(onReadyChange);
  const reportFailed = useEffectEvent(onFailed);
  const reportBuffering = useEffectEvent(onBufferingChange);

  useEffect(() => {
    reportReady(ready);
  }, [ready]);
  useEffect(() => () => reportReady(false), []);

  useEffect(() => {
    reportBuffering(buffering);
  }, [buffering]);
  useEffect(() => () => reportBuffering(false), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a reloaded element (new attempt) needs its muted state again.
  useEffect(() => {
    const element = video.current;
    if (element) element.muted = !active || muted;
  }, [active, muted, failure.attempt]);

  // Each new play of this ad starts from the first frame; an ad not on turn waits paused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new play or a reloaded element (new attempt) restarts the video.
  useEffect(() => {
    const element = video.current;
    if (!element || !attached) return;
    if (!active) {
      element.pause();
      // Parked on its first frame once out of sight, ready for its next turn.
      if (!visible && element.currentTime > 0) element.currentTime = 0;
      return;
    }
    if (element.ended || element.currentTime > 0) element.currentTime = 0;
    element.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
        // Autoplay with sound refused: play muted rather than not at all.
        element.muted = true;
        element.play().catch((retryError: unknown) => console.warn('Video ad could not start', retryError));
        return;
      }
      console.warn(`Video ad ${ad.id} could not start`, error);
    });
  }, [active, visible, play, ad.id, failure.attempt, attached]);

  useEffect(() => {
    if (active && failure.failedNow) reportFailed(play);
  }, [active, failure.failedNow, play]);

  useEffect(() => {
    if (!active || !buffering) return;
    const timer = setTimeout(() => {
      logFailure(`Video ad ${ad.id} stalled; moving on`);
      failure.markFailed();
    }, STALL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [active, buffering, ad.id, failure.markFailed]);

  return (
    <video
      key={failure.attempt}
      ref={video}
      src={stream ? undefined : ad.media_url}
      aria-label={ad.title}
      data-ad-id={ad.id}
      muted
      playsInline
      preload="auto"
      disablePictureInPicture
      disableRemotePlayback
      className={clsx(mediaLayerClass, visible ? 'opacity-100' : 'opacity-0')}
      onLoadedMetadata={(event) => {
        if (event.currentTarget.duration === Number.POSITIVE_INFINITY) giveUp(LIVE_STREAM_PROBLEM);
      }}
      onLoadedData={() => setReady(true)}
      onWaiting={() => setBuffering(true)}
      onStalled={(event) => {
        if (event.currentTarget.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) setBuffering(true);
      }}
      onPlaying={() => setBuffering(false)}
      onCanPlay={() => setBuffering(false)}
      onEnded={ended}
      onError={() => giveUp(video.current?.error)}
    />
  );
}
