import { DISPLAY_IDLE_MS } from '@adloop/contract/constants';
import type { ScreenAd, ScreenSession } from '@adloop/contract/screen';
import { clsx } from 'clsx';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AdStage } from '@/features/display/components/ad-stage';
import { PlayerCaption } from '@/features/display/components/player-caption';
import { PlayerControls } from '@/features/display/components/player-controls';
import { useAdLoop } from '@/features/display/hooks/use-ad-loop';
import { useFullscreen } from '@/features/display/hooks/use-fullscreen';
import { useVariantCreatives } from '@/features/display/hooks/use-variant-creatives';
import { useIdle } from '@/hooks/use-idle';

// Only a variant with a tracked link shows a code: its code loads with the first one (decision 081).
const VariantQrCode = lazy(() =>
  import('@/features/display/components/variant-qr-code').then((m) => ({ default: m.VariantQrCode })),
);

/** After an ad fails to load, the loop moves on after this pause (not at once: all may be failing). */
const FAILED_AD_PAUSE_MS = 3_000;

type AdPlayerProps = {
  ads: readonly ScreenAd[];
  session: ScreenSession;
  logPlay: (ad: ScreenAd, durationSeconds: number) => void;
  onExit: () => void;
};

/** The ad loop on screen with its overlay (spec §2, §4). */
export function AdPlayer({ ads, session, logPlay, onExit }: AdPlayerProps) {
  const { loop, index, current: currentAd, upcoming: upcomingAd, played, skip } = useAdLoop(ads);
  // A/B variants (decision 034): each turn of an ad shows its next variant by weight.
  const { current, upcoming } = useVariantCreatives(currentAd, upcomingAd, loop.play - loop.repeat);
  const [muted, setMuted] = useState(true);
  const [failedPlay, setFailedPlay] = useState<number | null>(null);
  const idle = useIdle(DISPLAY_IDLE_MS);
  const fullscreen = useFullscreen();
  const lastLoggedPlay = useRef(0);

  const onPlayed = (play: number, durationSeconds: number) => {
    // One log per play: a late or repeated "ended" of a play the loop has left is ignored.
    if (play !== loop.play || play <= lastLoggedPlay.current) return;
    lastLoggedPlay.current = play;
    logPlay(current, durationSeconds);
    played(play);
  };

  useEffect(() => {
    if (failedPlay === null || failedPlay !== loop.play) return;
    const timer = setTimeout(skip, FAILED_AD_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [failedPlay, loop.play, skip]);

  return (
    <div className={clsx('absolute inset-0', idle && 'cursor-none')} data-play={loop.play}>
      <AdStage
        current={current}
        upcoming={upcoming}
        play={loop.play}
        muted={muted}
        onPlayed={onPlayed}
        onFailed={setFailedPlay}
      />
      <PlayerControls
        hidden={idle}
        muted={muted}
        onToggleMute={() => setMuted((value) => !value)}
        onExit={onExit}
        fullscreen={{ ...fullscreen, toggle: () => void fullscreen.toggle() }}
        onSkip={skip}
      />
      {current.variant?.link ? (
        <Suspense fallback={null}>
          <VariantQrCode code={current.variant.link.code} screenCode={session.screen_code} />
        </Suspense>
      ) : null}
      <PlayerCaption
        position={index + 1}
        total={ads.length}
        title={current.title}
        screenCode={session.screen_code}
        dimmed={idle}
      />
    </div>
  );
}
