import { describe, expect, it } from 'vitest';
import { screenMediaOf } from './media-kind.ts';
import { unplayableMediaProblem, unplayableProviderOf } from './unplayable-media.ts';

describe('what a screen makes of an ad address (decision 053)', () => {
  it.each([
    ['/media/3f2a.webm', { kind: 'file' }],
    ['https://cdn.example.com/ad.jpg', { kind: 'file' }],
    ['https://cdn.example.com/live/index.m3u8?token=abc', { kind: 'hls' }],
    ['https://stream.mux.com/a1b2c3.m3u8', { kind: 'hls' }],
    ['https://cdn.example.com/spring/manifest.MPD', { kind: 'dash' }],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', { kind: 'youtube', videoId: 'aqz-KE-bpKQ' }],
    ['https://youtu.be/aqz-KE-bpKQ?t=3', { kind: 'youtube', videoId: 'aqz-KE-bpKQ' }],
    ['https://m.youtube.com/shorts/aqz-KE-bpKQ', { kind: 'youtube', videoId: 'aqz-KE-bpKQ' }],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', { kind: 'youtube', videoId: 'aqz-KE-bpKQ' }],
    ['https://vimeo.com/76979871', { kind: 'vimeo', videoId: '76979871' }],
    ['https://player.vimeo.com/video/76979871?h=abc', { kind: 'vimeo', videoId: '76979871' }],
    ['https://www.youtube.com/@adloop', { kind: 'file' }],
  ])('%s → %o', (mediaUrl, media) => {
    expect(screenMediaOf(mediaUrl)).toEqual(media);
  });

  it.each([
    ['https://player.mux.com/a1b2c3', 'Mux'],
    ['https://fast.wistia.net/embed/iframe/abc', 'Wistia'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'Spotify'],
    ['https://www.twitch.tv/videos/123', 'Twitch'],
    ['https://www.tiktok.com/@adloop/video/123', 'TikTok'],
    ['https://stream.mux.com/a1b2c3.m3u8', null],
    ['https://cdn.example.com/ad.mp4', null],
  ])('%s is a page screens cannot play: %s', (mediaUrl, provider) => {
    expect(unplayableProviderOf(mediaUrl)).toBe(provider);
  });

  it('names the problem and the way out for what screens cannot play, and nothing for the rest', () => {
    expect(unplayableMediaProblem('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')).toBe(
      "Screens can't play Spotify links; upload the video file or use its HLS (.m3u8) address",
    );
    expect(unplayableMediaProblem('https://vimeo.com/76979871')).toBeNull();
    expect(unplayableMediaProblem('')).toBeNull();
  });
});
