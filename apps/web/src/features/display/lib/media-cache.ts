import { MEDIA_CACHE } from '@/features/display/lib/offline-cache';

function sameOriginMediaUrl(mediaUrl: string): string | null {
  try {
    const url = new URL(mediaUrl, window.location.origin);
    return url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Stores every ad's media file whole in Cache Storage, one at a time so the download does not
 * compete with the ad on screen, and forgets files no longer in the list. Whole files matter:
 * a video plays by range requests, whose 206 answers a cache cannot keep, so without this a
 * video would never be playable offline. The service worker answers range requests from here.
 */
export async function syncMediaCache(mediaUrls: readonly string[], signal: AbortSignal): Promise<void> {
  if (typeof caches === 'undefined') return;
  const wanted = new Set(mediaUrls.map(sameOriginMediaUrl).filter((url): url is string => url !== null));
  const cache = await caches.open(MEDIA_CACHE);
  for (const url of wanted) {
    if (signal.aborted) return;
    if (await cache.match(url)) continue;
    try {
      const response = await fetch(url, { signal, cache: 'no-store' });
      if (response.status === 200) await cache.put(url, response);
    } catch (error) {
      if (!signal.aborted) console.warn(`Could not keep ${url} for offline play`, error);
    }
  }
  if (signal.aborted) return;
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
}
