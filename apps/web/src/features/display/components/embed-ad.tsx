import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { type AdMediaProps, mediaLayerClass } from '@/features/display/components/ad-media-props';
import { useMediaFailure } from '@/features/display/hooks/use-media-failure';
import { type EmbedEvent, type EmbedPlayer, embedPlayerOf } from '@/features/display/lib/embed-player';
import { logFailure } from '@/features/display/lib/last-failure';

/** A hosted player that has not started, or waits for data, this long is given up (like a video's stall). */
const START_LIMIT_MS = 20_000;
/** How often the frame is greeted until its player answers (its script may run after the frame's load event). */
const GREETING_INTERVAL_MS = 1_000;

type EmbedFrameProps = Omit<AdMediaProps, 'onFailed'> & { player: EmbedPlayer; onGiveUp: (reason: string) => void };

/** One load of the hosted player: what it has said lives and dies with its frame. */
function EmbedFrame({
  ad,
  player,
  active,
  visible,
  play,
  muted,
  onReadyChange,
  onPlayed,
  onBufferingChange,
  onGiveUp,
}: EmbedFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [answered, setAnswered] = useState(false);
  const [startedPlay, setStartedPlay] = useState<number | null>(null);
  const [buffering, setBuffering] = useState(false);
  const endedPlay = useRef<number | null>(null);
  const timing = useRef<{ seconds: number | null; startedAt: number }>({ seconds: null, startedAt: 0 });
  const ready = startedPlay !== null;

  const reportReady = useEffectEvent(onReadyChange);
  const reportBuffering = useEffectEvent(onBufferingChange);
  const giveUp = useEffectEvent(onGiveUp);

  useEffect(() => {
    reportReady(ready);
  }, [ready]);
  useEffect(() => () => reportReady(false), []);
  useEffect(() => {
    reportBuffering(buffering);
  }, [buffering]);
  useEffect(() => () => reportBuffering(false), []);

  const post = useEffectEvent((messages: readonly unknown[]) => {
    const target = frame.current?.contentWindow;
    for (const message of messages) target?.postMessage(message, player.origin);
  });

  const onPlayerEvent = useEffectEvent((event: EmbedEvent) => {
    switch (event.type) {
      case 'ready':
        post(player.greeting);
        post(player.mute(!active || muted));
        return;
      case 'playing':
        if (startedPlay !== play) {
          setStartedPlay(play);
          timing.current.startedAt = performance.now();
        }
        setBuffering(false);
        return;
      case 'buffering':
        setBuffering(true);
        return;
      case 'buffered':
        setBuffering(false);
        return;
      case 'duration':
        timing.current.seconds = event.seconds;
        return;
      case 'ended': {
        // Once per play, and only of a play that started: a restarted player may still report the last end.
        if (!active || startedPlay !== play || endedPlay.current === play) return;
        endedPlay.current = play;
        const measured = (performance.now() - timing.current.startedAt) / 1000;
        onPlayed(play, timing.current.seconds ?? measured);
        return;
      }
      case 'error':
        giveUp(event.reason);
        return;
    }
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== player.origin || event.source !== frame.current?.contentWindow) return;
      setAnswered(true);
      for (const update of player.read(event.data)) onPlayerEvent(update);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [player]);

  useEffect(() => {
    if (loaded) post(player.greeting);
  }, [loaded, player]);
  useEffect(() => {
    if (!loaded || answered) return;
    const timer = setInterval(() => post(player.greeting), GREETING_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [loaded, answered, player]);

  // The frame autoplays its first play; each later play of this ad starts it again from the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new play, or the turn coming back, restarts the player; what it started is read, not watched.
  useEffect(() => {
    if (!answered) return;
    if (!active) post(player.pause);
    else if (startedPlay !== null && startedPlay !== play) post(player.restart);
  }, [answered, active, play, player]);

  useEffect(() => {
    if (answered) post(player.mute(!active || muted));
  }, [answered, active, muted, player]);

  useEffect(() => {
    if (!active || (startedPlay === play && !buffering)) return;
    const timer = setTimeout(() => giveUp('the player did not play'), START_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [active, startedPlay, play, buffering]);

  return (
    <iframe
      ref={frame}
      src={player.src}
      title={ad.title}
      data-ad-id={ad.id}
      allow="autoplay; encrypted-media"
      // The page's own policy sends no referrer; YouTube's embed refuses to play without one.
      referrerPolicy="strict-origin-when-cross-origin"
      tabIndex={-1}
      // The overlay's controls and the idle cursor need the mouse: the player is not to be touched.
      className={`${mediaLayerClass} pointer-events-none border-0 ${visible ? 'opacity-100' : 'opacity-0'}`}
      onLoad={() => setLoaded(true)}
    />
  );
}

/**
 * A YouTube or Vimeo ad in the host's own player (decision 053): autoplaying muted, without
 * controls, its end one play, as the player reports it by postMessage. The frame loads when
 * the ad's turn comes, not ahead (a hidden player would play on its own), and the previous ad
 * stays on screen until this one plays.
 */
export function EmbedAd(props: AdMediaProps) {
  const { ad, active, visible, play, onFailed } = props;
  const player = useMemo(() => embedPlayerOf(ad.media_url, window.location.origin), [ad.media_url]);
  const failure = useMediaFailure(active, play);
  const reportFailed = useEffectEvent(onFailed);

  useEffect(() => {
    if (active && !player) failure.markFailed();
  }, [active, player, failure.markFailed]);

  useEffect(() => {
    if (active && failure.failedNow) reportFailed(play);
  }, [active, failure.failedNow, play]);

  if (!player || failure.failed || !(active || visible)) return null;
  return (
    <EmbedFrame
      key={failure.attempt}
      {...props}
      player={player}
      onGiveUp={(reason) => {
        logFailure(`Hosted video ad ${ad.id} (${ad.title}) failed`, ad.media_url, reason);
        failure.markFailed();
      }}
    />
  );
}
