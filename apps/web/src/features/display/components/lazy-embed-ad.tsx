import { useEffect, useEffectEvent, useState } from 'react';
import type { AdMediaProps } from '@/features/display/components/ad-media-props';

type EmbedAdModule = typeof import('@/features/display/components/embed-ad');

let loaded: EmbedAdModule | null = null;

/**
 * A YouTube or Vimeo ad, whose player code loads with the first such ad of a list rather than
 * with the display, which must stay lean for lists of images and videos (decision 053). If the
 * code cannot load (no network yet), the ad fails like any ad that does not load, and the code
 * is asked for again at its next play.
 */
export function LazyEmbedAd(props: AdMediaProps) {
  const [module, setModule] = useState(loaded);
  const { active, play } = props;
  const reportFailed = useEffectEvent(props.onFailed);

  useEffect(() => {
    if (module) return;
    let stopped = false;
    import('@/features/display/components/embed-ad').then(
      (imported) => {
        loaded = imported;
        if (!stopped) setModule(imported);
      },
      (error: unknown) => {
        console.warn('The hosted video player could not load', error);
        if (!stopped && active) reportFailed(play);
      },
    );
    return () => {
      stopped = true;
    };
  }, [module, active, play]);

  return module ? <module.EmbedAd {...props} /> : null;
}
