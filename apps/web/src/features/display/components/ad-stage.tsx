import { screenMediaOf } from '@adloop/contract/media-kind';
import type { ScreenAd } from '@adloop/contract/screen';
import { useCallback, useState } from 'react';
import type { AdMediaProps } from '@/features/display/components/ad-media-props';
import { BufferingSpinner } from '@/features/display/components/buffering-spinner';
import { ImageAd } from '@/features/display/components/image-ad';
import { LazyEmbedAd } from '@/features/display/components/lazy-embed-ad';
import { VideoAd } from '@/features/display/components/video-ad';

type StageProps = Pick<AdMediaProps, 'play' | 'muted' | 'onPlayed' | 'onFailed'> & {
  current: ScreenAd;
  upcoming: ScreenAd;
};

/** One element per ad, version and media: an edited ad, or its next A/B variant, loads in a new element. */
function layerKey(ad: ScreenAd): string {
  return `${ad.id}:${ad.version}:${ad.media_url}`;
}

/** The element that plays an ad's media (decision 053): HLS and DASH streams play in a video. */
function mediaElementOf(ad: ScreenAd) {
  const { kind } = screenMediaOf(ad.media_url);
  if (kind === 'youtube' || kind === 'vimeo') return LazyEmbedAd;
  if (kind === 'hls' || kind === 'dash' || ad.type === 'VIDEO') return VideoAd;
  return ImageAd;
}

/**
 * The ads on screen, double-buffered so the screen never goes dark between ads: the next ad
 * loads, hidden, while the current one plays, and the ad last shown stays on screen until the
 * current one is ready to paint. Each element is keyed by its ad, so an ad that moves from
 * "next" to "current" keeps its loaded element. Elements keep a stable DOM order (by key):
 * moving a playing video in the DOM would pause it.
 */
function toggled(keys: ReadonlySet<string>, key: string, on: boolean): ReadonlySet<string> {
  if (keys.has(key) === on) return keys;
  const next = new Set(keys);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

export function AdStage({ current, upcoming, play, muted, onPlayed, onFailed }: StageProps) {
  const [readyKeys, setReadyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const [bufferingKeys, setBufferingKeys] = useState<ReadonlySet<string>>(() => new Set());
  const [shown, setShown] = useState<ScreenAd | null>(null);
  const currentKey = layerKey(current);
  const currentReady = readyKeys.has(currentKey);

  // Adjusted during render, so the previous ad leaves in the same paint the current one arrives.
  if (currentReady && (shown === null || layerKey(shown) !== currentKey)) setShown(current);

  const setReady = useCallback((key: string, ready: boolean) => {
    setReadyKeys((previous) => toggled(previous, key, ready));
  }, []);
  const setBuffering = useCallback((key: string, buffering: boolean) => {
    setBufferingKeys((previous) => toggled(previous, key, buffering));
  }, []);

  const layers = new Map<string, ScreenAd>();
  for (const ad of [shown, current, upcoming]) if (ad) layers.set(layerKey(ad), ad);
  const shownKey = shown ? layerKey(shown) : null;

  return (
    <div className="absolute inset-0 bg-black">
      {[...layers.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, ad]) => {
          const active = key === currentKey;
          const visible = active ? currentReady : !currentReady && key === shownKey;
          const Media = mediaElementOf(ad);
          return (
            <Media
              key={key}
              ad={ad}
              active={active}
              visible={visible}
              play={play}
              muted={muted}
              onReadyChange={(ready) => setReady(key, ready)}
              onPlayed={onPlayed}
              onFailed={onFailed}
              onBufferingChange={(buffering) => setBuffering(key, buffering)}
            />
          );
        })}
      {!currentReady || bufferingKeys.has(currentKey) ? <BufferingSpinner /> : null}
    </div>
  );
}
