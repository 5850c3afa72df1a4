import { describe, expect, it } from 'vitest';
import { embedPlayerOf } from '@/features/display/lib/embed-player';

const ORIGIN = 'https://screens.example.com';

describe('hosted players on the display (decision 053)', () => {
  it('frames YouTube muted, autoplaying, without controls, with its JS API, and reads its widget messages', () => {
    const player = embedPlayerOf('https://youtu.be/aqz-KE-bpKQ', ORIGIN)!;
    const src = new URL(player.src);
    expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      autoplay: '1',
      mute: '1',
      controls: '0',
      enablejsapi: '1',
      playsinline: '1',
      origin: ORIGIN,
    });
    expect(JSON.parse(player.greeting[0] as string)).toMatchObject({ event: 'listening' });
    expect(player.restart.map((message) => JSON.parse(message as string).func)).toEqual(['seekTo', 'playVideo']);

    expect(player.read('{"event":"onReady","info":null}')).toEqual([{ type: 'ready' }]);
    expect(player.read('{"event":"onStateChange","info":1}')).toEqual([{ type: 'playing' }]);
    expect(player.read('{"event":"onStateChange","info":3}')).toEqual([{ type: 'buffering' }]);
    expect(player.read('{"event":"onStateChange","info":2}')).toEqual([]);
    expect(player.read('{"event":"infoDelivery","info":{"playerState":0,"duration":31.5}}')).toEqual([
      { type: 'duration', seconds: 31.5 },
      { type: 'ended' },
    ]);
    expect(player.read('{"event":"onError","info":150}')).toEqual([{ type: 'error', reason: 'YouTube error 150' }]);
    expect(player.read('not json')).toEqual([]);
  });

  it('frames Vimeo without background mode (it loops, and never ends) and reads its events', () => {
    const player = embedPlayerOf('https://vimeo.com/76979871', ORIGIN)!;
    const src = new URL(player.src);
    expect(src.origin + src.pathname).toBe('https://player.vimeo.com/video/76979871');
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ autoplay: '1', muted: '1', controls: '0', loop: '0' });
    expect(src.searchParams.has('background')).toBe(false);
    expect(player.greeting).toContainEqual({ method: 'addEventListener', value: 'ended' });

    expect(player.read({ event: 'ready', data: {} })).toEqual([{ type: 'ready' }]);
    expect(player.read({ event: 'timeupdate', data: { seconds: 1 } })).toEqual([{ type: 'playing' }]);
    expect(player.read('{"event":"ended","data":{"seconds":12,"duration":12,"percent":1}}')).toEqual([
      { type: 'duration', seconds: 12 },
      { type: 'ended' },
    ]);
    expect(player.read({ method: 'getDuration', value: 12 })).toEqual([{ type: 'duration', seconds: 12 }]);
    expect(player.read({ event: 'error', data: { method: 'setMuted', message: 'no' } })).toEqual([]);
    expect(player.read({ event: 'error', data: { message: 'Private video' } })).toEqual([
      { type: 'error', reason: 'Vimeo error Private video' },
    ]);
  });

  it('has no player for anything else', () => {
    expect(embedPlayerOf('https://cdn.example.com/ad/index.m3u8', ORIGIN)).toBeNull();
    expect(embedPlayerOf('/media/3f2a.webm', ORIGIN)).toBeNull();
  });
});
