import type { AdType } from '@adloop/contract/ads';

/**
 * What kind of media an ad's address points at (spec §9 lists the kinds a screen plays), so
 * the preview knows whether to show an <img>, a <video>, an embedded player or a link.
 */
export type MediaSource =
  | { kind: 'image'; url: string }
  | { kind: 'video'; url: string }
  | { kind: 'embed'; provider: 'YouTube' | 'Vimeo'; url: string; embedUrl: string; thumbnailUrl: string | null }
  | { kind: 'link'; provider: string; url: string };

const IMAGE_EXTENSIONS = /\.(avif|gif|jpe?g|png|svg|webp)$/i;
const VIDEO_EXTENSIONS = /\.(m4v|mov|mp4|ogv|webm)$/i;

const LINK_PROVIDERS: Array<[RegExp, string]> = [
  [/\.m3u8(\?|$)/i, 'HLS stream'],
  [/\.mpd(\?|$)/i, 'DASH stream'],
  [/(^|\.)mux\.com$/i, 'Mux'],
  [/(^|\.)(wistia\.com|wistia\.net|wi\.st)$/i, 'Wistia'],
  [/(^|\.)spotify\.com$/i, 'Spotify'],
  [/(^|\.)twitch\.tv$/i, 'Twitch'],
  [/(^|\.)tiktok\.com$/i, 'TikTok'],
];

function parse(url: string): URL | null {
  try {
    return new URL(url, window.location.origin);
  } catch {
    return null;
  }
}

function youTubeId(url: URL): string | null {
  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtu.be') return url.pathname.slice(1).split('/')[0] || null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const match = url.pathname.match(/^\/(embed|shorts|live)\/([\w-]+)/);
  return match?.[2] ?? null;
}

function vimeoId(url: URL): string | null {
  if (!/(^|\.)vimeo\.com$/.test(url.hostname)) return null;
  return url.pathname.match(/\/(\d+)(\/|$)/)?.[1] ?? null;
}

export function mediaSourceOf(mediaUrl: string, type: AdType): MediaSource | null {
  const url = parse(mediaUrl.trim());
  if (!url || mediaUrl.trim() === '') return null;
  const href = url.href;

  const youTube = youTubeId(url);
  if (youTube) {
    return {
      kind: 'embed',
      provider: 'YouTube',
      url: href,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youTube}?autoplay=1&rel=0`,
      thumbnailUrl: `https://i.ytimg.com/vi/${youTube}/hqdefault.jpg`,
    };
  }
  const vimeo = vimeoId(url);
  if (vimeo) {
    return {
      kind: 'embed',
      provider: 'Vimeo',
      url: href,
      embedUrl: `https://player.vimeo.com/video/${vimeo}?autoplay=1`,
      thumbnailUrl: null,
    };
  }
  for (const [pattern, provider] of LINK_PROVIDERS) {
    if (pattern.test(url.hostname) || pattern.test(url.pathname)) return { kind: 'link', provider, url: href };
  }
  if (IMAGE_EXTENSIONS.test(url.pathname)) return { kind: 'image', url: href };
  if (VIDEO_EXTENSIONS.test(url.pathname)) return { kind: 'video', url: href };
  return { kind: type === 'IMAGE' ? 'image' : 'video', url: href };
}

/** The ad type an address most likely holds, to preselect it when a URL is pasted; null when unclear. */
export function guessAdType(mediaUrl: string): AdType | null {
  const url = parse(mediaUrl.trim());
  const source = mediaSourceOf(mediaUrl, 'VIDEO');
  if (!url || !source) return null;
  if (IMAGE_EXTENSIONS.test(url.pathname)) return 'IMAGE';
  if (source.kind === 'embed' || source.kind === 'link' || VIDEO_EXTENSIONS.test(url.pathname)) return 'VIDEO';
  return null;
}
