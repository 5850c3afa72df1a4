import { PLAYER_SCOPE, SERVICE_WORKER_URL } from '@/features/display/lib/offline-cache';

/**
 * Registers the player's service worker (app shell, last ad list and media kept for offline
 * play). Plain navigator.serviceWorker rather than workbox-window: the worker takes over by
 * itself (skipWaiting, clientsClaim), so the player needs no update prompts and saves the bytes.
 */
export async function registerPlayerServiceWorker(): Promise<void> {
  // Service workers exist only in secure contexts (https or localhost) and not in dev builds.
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: PLAYER_SCOPE });
  } catch (error) {
    console.warn('The offline player could not be installed', error);
  }
}
