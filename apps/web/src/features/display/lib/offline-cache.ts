/**
 * Names shared by the service worker (built from vite.config.ts) and the player. Kept free of
 * imports so the build config can read it.
 */
export const MEDIA_CACHE = 'adloop-media';
export const AD_LIST_CACHE = 'adloop-ad-list';
/** Pages under this path are the only ones the service worker controls: the dashboard never runs from cache. */
export const PLAYER_SCOPE = '/ad/screen';
export const SERVICE_WORKER_URL = '/sw.js';
