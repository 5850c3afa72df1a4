import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Real HLS and DASH streams for the display's stream tests (decision 053), made at test time by
 * Debian's ffmpeg, and served to the page as if from a CDN. Hosted players (YouTube, Vimeo) are
 * third parties: a small page stands in for each, speaking its postMessage protocol.
 */

/** An https origin, as the app's CSP wants for media; the page's requests to it are answered from disk. */
export const STREAM_ORIGIN = 'https://streams.adloop.test';
/** Length of the test streams, in seconds. */
export const STREAM_SECONDS = 4;

export type TestStreams = { dir: string; hls: string; dash: string; remove: () => void };

const VIDEO_SOURCE = ['-f', 'lavfi', '-i', `testsrc=duration=${STREAM_SECONDS}:size=320x180:rate=25`];
// H.264 in one-second GOPs, so every one-second segment starts with a keyframe.
const H264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-profile:v', 'baseline', '-g', '25', '-keyint_min', '25'];

function ffmpeg(args: string[]) {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      "ffmpeg is not installed: the display's stream tests make their HLS and DASH streams with it. " +
        'Install Debian\'s: "apt-get install -y ffmpeg" (.ci/run does so).',
    );
  }
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${result.stderr}`);
}

/** A four-second test pattern as an HLS stream (MPEG-TS segments) and as a DASH stream (fMP4), in a temp folder. */
export function makeStreams(): TestStreams {
  ffmpeg(['-version']);
  const dir = mkdtempSync(path.join(tmpdir(), 'adloop-streams-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    writeStreams(dir);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    dir,
    hls: `${STREAM_ORIGIN}/hls/index.m3u8`,
    dash: `${STREAM_ORIGIN}/dash/manifest.mpd`,
    remove,
  };
}

function writeStreams(dir: string) {
  mkdirSync(path.join(dir, 'hls'));
  mkdirSync(path.join(dir, 'dash'));
  ffmpeg([
    ...VIDEO_SOURCE,
    ...H264,
    '-f',
    'hls',
    '-hls_time',
    '1',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(dir, 'hls', 'segment-%d.ts'),
    path.join(dir, 'hls', 'index.m3u8'),
  ]);
  ffmpeg([
    ...VIDEO_SOURCE,
    ...H264,
    '-f',
    'dash',
    '-seg_duration',
    '1',
    '-use_template',
    '1',
    '-use_timeline',
    '1',
    path.join(dir, 'dash', 'manifest.mpd'),
  ]);
}

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mpd': 'application/dash+xml',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
};

/** Answers the page's requests to STREAM_ORIGIN from the streams' folder, with the CORS header a CDN sends. */
export async function serveStreams(page: Page, streams: TestStreams) {
  await page.route(`${STREAM_ORIGIN}/**`, async (route) => {
    const file = path.join(streams.dir, path.normalize(new URL(route.request().url()).pathname));
    if (!file.startsWith(streams.dir)) return route.fulfill({ status: 404 });
    try {
      const body = readFileSync(file);
      await route.fulfill({
        status: 200,
        body,
        headers: {
          'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          'access-control-allow-origin': '*',
        },
      });
    } catch {
      await route.fulfill({ status: 404, headers: { 'access-control-allow-origin': '*' } });
    }
  });
}

export type HostedPlayer = 'YouTube' | 'Vimeo';

/** Where each host's embedded player lives, as the display frames it. */
export const PLAYER_HOSTS: Record<HostedPlayer, string> = {
  YouTube: 'https://www.youtube-nocookie.com',
  Vimeo: 'https://player.vimeo.com',
};

/**
 * A stand-in for the host's embedded player: it "plays" for `seconds` from its load (autoplay),
 * and tells the page what the real one would, once asked: YouTube's widget messages after
 * `{"event":"listening"}`, Vimeo's events after `addEventListener`. `playVideo` / `play` start
 * it again. What it was sent is kept in `window.received` for the test to read.
 */
function standInPage(player: HostedPlayer, seconds: number): string {
  const script = `
    const youTube = ${player === 'YouTube'};
    const seconds = ${seconds};
    const label = document.getElementById('state');
    window.received = [];
    let listening = false;
    const vimeoEvents = new Set();
    let playerState = -1;
    let startedAt = 0;
    let ending;
    let ticking;
    const send = (message) => parent.postMessage(youTube ? JSON.stringify(message) : message, '*');
    const vimeo = (event, data) => { if (vimeoEvents.has(event)) send({ event, data }); };
    const at = () => Math.min(seconds, (performance.now() - startedAt) / 1000);
    function tellState() {
      if (!youTube || !listening) return;
      send({ event: 'onStateChange', info: playerState });
      send({ event: 'infoDelivery', info: { playerState, duration: seconds, currentTime: at() } });
    }
    function start() {
      clearTimeout(ending);
      clearInterval(ticking);
      startedAt = performance.now();
      playerState = 1;
      label.textContent = ${JSON.stringify(player)} + ' stand-in: playing';
      tellState();
      vimeo('play', { seconds: 0, duration: seconds, percent: 0 });
      // Both players keep reporting progress while they play.
      ticking = setInterval(() => {
        vimeo('timeupdate', { seconds: at(), duration: seconds, percent: at() / seconds });
        if (youTube && listening) send({ event: 'infoDelivery', info: { currentTime: at() } });
      }, 250);
      ending = setTimeout(() => {
        clearInterval(ticking);
        playerState = 0;
        label.textContent = ${JSON.stringify(player)} + ' stand-in: ended';
        tellState();
        vimeo('ended', { seconds, duration: seconds, percent: 1 });
      }, seconds * 1000);
    }
    addEventListener('message', (event) => {
      const message = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
      window.received.push(message);
      if (youTube && message.event === 'listening' && !listening) {
        listening = true;
        send({ event: 'onReady', info: {} });
        tellState();
      }
      if (youTube && message.event === 'command' && message.func === 'playVideo') start();
      if (!youTube && message.method === 'addEventListener') vimeoEvents.add(message.value);
      if (!youTube && message.method === 'play') start();
    });
    if (!youTube) send({ event: 'ready', data: {} });
    if (new URLSearchParams(location.search).get('autoplay') === '1') start();
  `;
  return `<!doctype html><html><body style="margin:0;height:100vh;display:grid;place-items:center;background:#1d3557;color:#fff;font:32px sans-serif"><p id="state">${player} stand-in</p><script>${script}</script></body></html>`;
}

/** Routes the host's embedded player to the stand-in page. */
export async function standInFor(page: Page, player: HostedPlayer, seconds: number) {
  await page.route(`${PLAYER_HOSTS[player]}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: standInPage(player, seconds) }),
  );
}
