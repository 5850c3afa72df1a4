import { DISPLAY_IDLE_MS } from '@adloop/contract/constants';
import type { ScreenAd, ScreenSession } from '@adloop/contract/screen';
import type { ScreenTakeover } from '@adloop/contract/takeovers';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { AdStage } from '@/features/display/components/ad-stage';
import { TakeoverControls } from '@/features/display/components/takeover-controls';
import { TakeoverMessage } from '@/features/display/components/takeover-message';
import { useFullscreen } from '@/features/display/hooks/use-fullscreen';
import { useIdle } from '@/hooks/use-idle';

/** After the takeover's ad fails to load, try it again after this pause. */
const FAILED_AD_RETRY_MS = 3_000;

type TakeoverLayerProps = {
  takeover: ScreenTakeover;
  session: ScreenSession;
  logPlay: (ad: ScreenAd, durationSeconds: number) => void;
  onExit: () => void;
};

/** The takeover's ad on repeat: each image duration or video end is a play, logged like any other. */
function TakeoverAd({ ad, muted, logPlay }: { ad: ScreenAd; muted: boolean; logPlay: TakeoverLayerProps['logPlay'] }) {
  const [play, setPlay] = useState(1);
  const [failedPlay, setFailedPlay] = useState<number | null>(null);

  useEffect(() => {
    if (failedPlay === null || failedPlay !== play) return;
    const timer = setTimeout(() => setPlay((current) => current + 1), FAILED_AD_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failedPlay, play]);

  return (
    <AdStage
      current={ad}
      upcoming={ad}
      play={play}
      muted={muted}
      onPlayed={(finished, durationSeconds) => {
        if (finished !== play) return;
        logPlay(ad, durationSeconds);
        setPlay(finished + 1);
      }}
      onFailed={setFailedPlay}
    />
  );
}

/**
 * An emergency takeover in place of the loop (decision 035): the message or the ad fills the
 * screen until it ends; the overlay keeps Mute (for an ad), Exit and Fullscreen.
 */
export function TakeoverLayer({ takeover, session, logPlay, onExit }: TakeoverLayerProps) {
  const [muted, setMuted] = useState(true);
  const idle = useIdle(DISPLAY_IDLE_MS);
  const fullscreen = useFullscreen();
  const ad = takeover.kind === 'AD' ? takeover.ad : null;

  return (
    <div
      className={clsx('absolute inset-0', idle && 'cursor-none')}
      data-testid="takeover-layer"
      data-kind={takeover.kind}
      data-takeover={takeover.id}
    >
      {ad ? (
        <TakeoverAd key={`${ad.id}:${ad.version}`} ad={ad} muted={muted} logPlay={logPlay} />
      ) : (
        <TakeoverMessage
          message={takeover.message ?? ''}
          startedAt={takeover.started_at}
          endsAt={takeover.ends_at}
          outletName={session.outlet.name}
        />
      )}
      <TakeoverControls
        hidden={idle}
        mute={ad ? { muted, toggle: () => setMuted((value) => !value) } : undefined}
        onExit={onExit}
        fullscreen={{ ...fullscreen, toggle: () => void fullscreen.toggle() }}
      />
    </div>
  );
}
