import type { AdType } from '@adloop/contract/ads';
import { screenMediaOf } from '@adloop/contract/media-kind';
import { unplayableProviderOf } from '@adloop/contract/unplayable-media';

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

function parse(url: string): URL | null {
  try {
    return new URL(url, window.location.origin);
  } catch {
    return null;
  }
}

export function mediaSourceOf(mediaUrl: string, type: AdType): MediaSource | null {
  const url = parse(mediaUrl.trim());
  if (!url || mediaUrl.trim() === '') return null;
  const href = url.href;

  // One reading of an address for the form, the API and the screens (decision 053).
  const media = screenMediaOf(href);
  switch (media.kind) {
    case 'youtube':
      return {
        kind: 'embed',
        provider: 'YouTube',
        url: href,
        embedUrl: `https://www.youtube-nocookie.com/embed/${media.videoId}?autoplay=1&rel=0`,
        thumbnailUrl: `https://i.ytimg.com/vi/${media.videoId}/hqdefault.jpg`,
      };
    case 'vimeo':
      return {
        kind: 'embed',
        provider: 'Vimeo',
        url: href,
        embedUrl: `https://player.vimeo.com/video/${media.videoId}?autoplay=1`,
        thumbnailUrl: null,
      };
    case 'hls':
      return { kind: 'link', provider: 'HLS stream', url: href };
    case 'dash':
      return { kind: 'link', provider: 'DASH stream', url: href };
    case 'file': {
      const provider = unplayableProviderOf(href);
      if (provider) return { kind: 'link', provider, url: href };
      if (IMAGE_EXTENSIONS.test(url.pathname)) return { kind: 'image', url: href };
      if (VIDEO_EXTENSIONS.test(url.pathname)) return { kind: 'video', url: href };
      return { kind: type === 'IMAGE' ? 'image' : 'video', url: href };
    }
  }
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
