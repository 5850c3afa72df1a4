/**
 * How a screen plays an ad's media, told from its address alone (decision 053): the player
 * picks its element by it, and the ad form previews by it. Free of zod, so the player can
 * import it; what screens cannot play at all is in `unplayable-media.ts`, which the player
 * does not need.
 */
export type ScreenMedia =
  /** An image or video file, played by the ad's type. */
  | { kind: 'file' }
  | { kind: 'hls' }
  | { kind: 'dash' }
  | { kind: 'youtube'; videoId: string }
  | { kind: 'vimeo'; videoId: string };

// The contract compiles without DOM or Node types; both runtimes have the WHATWG URL.
export type MediaAddress = {
  hostname: string;
  pathname: string;
  searchParams: { get: (name: string) => string | null };
};
declare const URL: new (value: string, base: string) => MediaAddress;

export function mediaAddressOf(mediaUrl: string): MediaAddress | null {
  try {
    // Uploaded media are paths on our own origin; any base resolves them.
    return new URL(mediaUrl.trim(), 'https://adloop.invalid');
  } catch {
    return null;
  }
}

function youTubeId(url: MediaAddress): string | null {
  const host = url.hostname.replace(/^(www|m)\./, '');
  if (host === 'youtu.be') return url.pathname.slice(1).split('/')[0] || null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  return url.pathname.match(/^\/(embed|shorts|live)\/([\w-]+)/)?.[2] ?? null;
}

function vimeoId(url: MediaAddress): string | null {
  if (!/(^|\.)vimeo\.com$/i.test(url.hostname)) return null;
  return url.pathname.match(/\/(\d+)(\/|$)/)?.[1] ?? null;
}

export function screenMediaOf(mediaUrl: string): ScreenMedia {
  const url = mediaAddressOf(mediaUrl);
  if (!url) return { kind: 'file' };
  // A stream's address wins over its host: Mux and Wistia serve HLS playlists too.
  if (/\.m3u8$/i.test(url.pathname)) return { kind: 'hls' };
  if (/\.mpd$/i.test(url.pathname)) return { kind: 'dash' };
  const youTube = youTubeId(url);
  if (youTube) return { kind: 'youtube', videoId: youTube };
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: 'vimeo', videoId: vimeo };
  return { kind: 'file' };
}
