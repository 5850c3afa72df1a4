import { mediaAddressOf, screenMediaOf } from './media-kind.ts';

/** Hosted players screens cannot drive: no end to count as a play, or no picture at all (decision 053). */
const UNPLAYABLE_HOSTS: ReadonlyArray<[RegExp, string]> = [
  [/(^|\.)mux\.com$/i, 'Mux'],
  [/(^|\.)(wistia\.com|wistia\.net|wi\.st)$/i, 'Wistia'],
  [/(^|\.)spotify\.com$/i, 'Spotify'],
  [/(^|\.)twitch\.tv$/i, 'Twitch'],
  [/(^|\.)tiktok\.com$/i, 'TikTok'],
];

/** The host of a page screens cannot play, by name; null for anything a screen plays (a Mux HLS playlist included). */
export function unplayableProviderOf(mediaUrl: string): string | null {
  const url = mediaAddressOf(mediaUrl);
  if (!url || screenMediaOf(mediaUrl).kind !== 'file') return null;
  return UNPLAYABLE_HOSTS.find(([host]) => host.test(url.hostname))?.[1] ?? null;
}

/** Why screens cannot play this address, in words for the advertiser; null when they can. */
export function unplayableMediaProblem(mediaUrl: string): string | null {
  const provider = unplayableProviderOf(mediaUrl);
  return provider ? `Screens can't play ${provider} links; upload the video file or use its HLS (.m3u8) address` : null;
}
