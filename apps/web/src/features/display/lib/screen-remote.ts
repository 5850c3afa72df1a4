import { SCREEN_EVENTS } from '@adloop/contract/constants';
import { SCREENSHOT_JPEG_QUALITY, SCREENSHOT_MAX_BYTES } from '@adloop/contract/screen-commands';
import { type Capture, captureScreen, neutralFrame } from '@/features/display/lib/screen-capture';
import { currentScreenToken } from '@/features/display/lib/screen-session-store';
import type { ServerSentEvent } from '@/features/display/lib/sse-parser';

/** Loaded only when staff ask something of the screen (decision 059), so the player carries none of it. */

function jpegOf(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The frame could not be encoded'))),
      'image/jpeg',
      quality,
    ),
  );
}

/** A frame drawn from media without CORS taints the canvas: it cannot be encoded, so a card with the title goes instead. */
async function encode({ canvas, showing }: Capture): Promise<Blob> {
  let source = canvas;
  let blob: Blob;
  try {
    blob = await jpegOf(source, SCREENSHOT_JPEG_QUALITY);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'SecurityError')) throw error;
    source = neutralFrame(showing.adTitle ?? '', 'Media of another site: its frames cannot be read');
    blob = await jpegOf(source, SCREENSHOT_JPEG_QUALITY);
  }
  return blob.size <= SCREENSHOT_MAX_BYTES ? blob : jpegOf(source, SCREENSHOT_JPEG_QUALITY / 2);
}

async function sendScreenshot(requestId: string): Promise<void> {
  const capture = captureScreen();
  const image = await encode(capture);
  const { adId, adTitle, takeoverId } = capture.showing;
  const query = new URLSearchParams({ request_id: requestId });
  if (adId) query.set('ad_id', adId);
  if (adTitle) query.set('ad_title', adTitle.slice(0, 200));
  if (takeoverId) query.set('takeover_id', takeoverId);
  const token = currentScreenToken();
  if (!token) return;
  const response = await fetch(`/api/screen-auth/screenshots?${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/jpeg' },
    body: image,
    cache: 'no-store',
  });
  if (!response.ok) console.warn(`Screenshot refused (${response.status})`, await response.text());
}

/**
 * Clears the Cache Storage (app shell, ad list, media) and the worker that fills it, then reloads:
 * the player installs both afresh. Only when the server answers now, so a screen never drops its
 * offline copy into a network cut. The play queue lives in IndexedDB and is not touched.
 */
async function clearCacheAndReload(): Promise<void> {
  const probe = await fetch(window.location.pathname, { cache: 'no-store' }).catch(() => null);
  if (!probe?.ok) {
    console.warn('Clear cache skipped: the server does not answer, the offline copy stays');
    return;
  }
  const registrations = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistrations() : [];
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if ('caches' in window) await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
  window.location.reload();
}

export async function obey(event: ServerSentEvent): Promise<void> {
  const data = JSON.parse(event.data) as { request_id?: string; command?: string };
  if (event.event === SCREEN_EVENTS.screenshotRequested && data.request_id) await sendScreenshot(data.request_id);
  if (event.event === SCREEN_EVENTS.command && data.command === 'reload') window.location.reload();
  if (event.event === SCREEN_EVENTS.command && data.command === 'clear-cache') await clearCacheAndReload();
}
