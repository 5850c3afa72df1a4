import type { ScreenAd } from '@adloop/contract/screen';
import { useEffect, useEffectEvent } from 'react';
import { syncMediaCache } from '@/features/display/lib/media-cache';
import { registerPlayerServiceWorker } from '@/features/display/lib/service-worker';

/**
 * Keeps the player able to run without network (docs/design.md §6): installs the service worker that
 * serves the app and the last ad list from cache, and keeps every current ad's media stored.
 */
export function useOfflinePlayer(ads: readonly ScreenAd[] | null, reloadAds: () => void) {
  const onControllerChange = useEffectEvent(reloadAds);

  useEffect(() => {
    void registerPlayerServiceWorker();
    if (!('serviceWorker' in navigator)) return;
    // The list fetched before the worker took over is not in its cache; fetch it once more
    // through the worker, so a reboot without network right after the first start still plays.
    navigator.serviceWorker.addEventListener('controllerchange', onControllerChange);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onControllerChange);
  }, []);

  const mediaUrls =
    ads?.flatMap((ad) => [ad.media_url, ...(ad.variants ?? []).map((variant) => variant.media_url)]).join('\n') ?? '';

  useEffect(() => {
    if (!mediaUrls) return;
    const controller = new AbortController();
    syncMediaCache(mediaUrls.split('\n'), controller.signal).catch((error: unknown) => {
      console.warn('Keeping media for offline play failed', error);
    });
    return () => controller.abort();
  }, [mediaUrls]);
}
