import type { Page } from '@playwright/test';
import {
  caption,
  freshScreen,
  openDisplay,
  playNumber,
  playsOf,
  type StoredPlay,
  videoSettings,
} from '../support/display.ts';
import { expect, test } from '../support/display-test.ts';
import { signInAs } from '../support/session.ts';
import {
  type HostedPlayer,
  makeStreams,
  PLAYER_HOSTS,
  STREAM_SECONDS,
  serveStreams,
  standInFor,
  type TestStreams,
} from '../support/streams.ts';

/** Every media kind on the screen (decision 053): HLS and DASH streams, YouTube and Vimeo. */

/** The chunks of the stream engines, as the build names them after their modules (hls.light, dash.all.min). */
const HLS_JS = /\/assets\/hls[.-][^/]*\.js$/;
const DASH_JS = /\/assets\/dash\.[^/]*\.js$/;
const STREAM_ENGINE = new RegExp(`${HLS_JS.source}|${DASH_JS.source}`);

/** The scripts the page loads, by path, from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

function isPlaying(player: ReturnType<Page['locator']>) {
  return player.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0);
}

type PlayWithDuration = StoredPlay & { additional_info: { ad_duration?: number } };

/**
 * Waits for two plays of the ad to end (the second one restarted on the same element), then
 * requires that each end is exactly one stored play (none lost, none doubled), as long as the media.
 */
async function expectOnePlayPerEnd(page: Page, request: Parameters<typeof playsOf>[0], adId: string, seconds: number) {
  const first = await playNumber(page);
  await expect.poll(() => playNumber(page), { timeout: 25_000 }).toBeGreaterThanOrEqual(first + 2);
  let stored: PlayWithDuration[] = [];
  await expect
    .poll(async () => {
      const ended = (await playNumber(page)) - first;
      stored = (await playsOf(request, [adId])) as PlayWithDuration[];
      return stored.length === ended;
    })
    .toBe(true);
  expect(stored.length).toBeGreaterThanOrEqual(2);
  for (const play of stored) expect(play.additional_info.ad_duration).toBeCloseTo(seconds, 0);
}

test.describe('HLS and DASH streams on the display', () => {
  // The page's requests to the stream host are answered by the test; a service worker would fetch past it.
  test.use({ serviceWorkers: 'block' });

  let streams: TestStreams;
  test.beforeAll(() => {
    streams = makeStreams();
  });
  test.afterAll(() => streams?.remove());

  for (const browser of ['Chromium', 'a browser without native HLS'] as const) {
    test(`in ${browser}, an image-only list loads no stream engine; an HLS ad plays in the video path, its end one play`, async ({
      page,
      request,
      adSet,
    }) => {
      test.setTimeout(60_000);
      if (browser !== 'Chromium') {
        // Chromium plays HLS itself; most kiosk browsers (Firefox, older Chromium) do not, and get hls.js.
        await page.addInitScript(() => {
          const canPlayType = HTMLMediaElement.prototype.canPlayType;
          HTMLMediaElement.prototype.canPlayType = function (type: string) {
            return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
          };
        });
      }
      await serveStreams(page, streams);
      const scripts = scriptsOf(page);
      const images = await adSet([{ title: 'Image before stream', duration_seconds: 60 }]);
      await openDisplay(page, request, await freshScreen(request));
      await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${images.ads[0]!.title}`);
      await expect
        .poll(() =>
          page
            .getByRole('img', { name: images.ads[0]!.title })
            .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
        )
        .toBe(true);
      expect(scripts.filter((script) => STREAM_ENGINE.test(script))).toEqual([]);

      // The HLS ad reaches the playing screen like any edit (pushed), and plays.
      const setup = await adSet([{ title: 'HLS stream', type: 'VIDEO', media_url: streams.hls }]);
      const ad = setup.ads[0]!;
      await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${ad.title}`);
      const player = page.locator(`video[aria-label="${ad.title}"]`);
      await expect.poll(() => isPlaying(player), { timeout: 15_000 }).toBe(true);
      expect(await videoSettings(player)).toEqual({ muted: true, playsInline: true, controls: false });
      await expect(page.getByRole('status', { name: 'Buffering' })).toBeHidden();
      await page.screenshot({ path: test.info().outputPath('hls-playing.png') });
      // hls.js is loaded now, and not before, unless the browser plays HLS itself.
      const native = await player.evaluate(
        (element: HTMLVideoElement) => element.canPlayType('application/vnd.apple.mpegurl') !== '',
      );
      if (browser !== 'Chromium') expect(native).toBe(false);
      expect(scripts.filter((script) => HLS_JS.test(script))).toHaveLength(native ? 0 : 1);
      // Native HLS plays the address itself; hls.js feeds the element through Media Source Extensions.
      expect(await player.getAttribute('src')).toMatch(native ? streams.hls : /^blob:/);

      await expectOnePlayPerEnd(page, request, ad.id, STREAM_SECONDS);
    });
  }

  test('a DASH ad plays through dash.js, its end one play', async ({ page, request, adSet }) => {
    test.setTimeout(60_000);
    await serveStreams(page, streams);
    const scripts = scriptsOf(page);
    const setup = await adSet([{ title: 'DASH stream', type: 'VIDEO', media_url: streams.dash }]);
    const ad = setup.ads[0]!;
    await openDisplay(page, request, await freshScreen(request));
    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${ad.title}`);
    const player = page.locator(`video[aria-label="${ad.title}"]`);
    await expect.poll(() => isPlaying(player), { timeout: 15_000 }).toBe(true);
    expect(scripts.filter((script) => DASH_JS.test(script))).toHaveLength(1);
    expect(scripts.filter((script) => HLS_JS.test(script))).toEqual([]);

    await expectOnePlayPerEnd(page, request, ad.id, STREAM_SECONDS);
  });
});

test.describe("hosted players, refused links and the screens' offline cache", () => {
  // The hosts' players are answered by stand-ins; a service worker would fetch past them.
  test.use({ serviceWorkers: 'block' });

  const HOSTED: Array<{
    player: HostedPlayer;
    mediaUrl: string;
    embed: RegExp;
    params: Record<string, string>;
    /** What the screen says to the player: asking for its events, and starting the second play from the top. */
    said: Array<Record<string, unknown>>;
  }> = [
    {
      player: 'YouTube',
      mediaUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      embed: /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?/,
      params: { autoplay: '1', mute: '1', controls: '0', enablejsapi: '1', playsinline: '1' },
      said: [{ event: 'listening' }, { event: 'command', func: 'seekTo' }, { event: 'command', func: 'playVideo' }],
    },
    {
      player: 'Vimeo',
      mediaUrl: 'https://vimeo.com/76979871',
      embed: /^https:\/\/player\.vimeo\.com\/video\/76979871\?/,
      params: { autoplay: '1', muted: '1', controls: '0', loop: '0' },
      said: [
        { method: 'addEventListener', value: 'ended' },
        { method: 'setCurrentTime', value: 0 },
        { method: 'play' },
      ],
    },
  ];

  for (const { player, mediaUrl, embed, params, said } of HOSTED) {
    test(`a ${player} ad plays in its embedded player; each end it reports is one play`, async ({
      page,
      request,
      adSet,
    }) => {
      test.setTimeout(60_000);
      // A bumper's 6 s, the shortest ad YouTube sells: the server cannot read a hosted video's
      // length, so it spaces its plays by what the screen reports, at least 5 s (decision 072).
      const seconds = 6;
      await standInFor(page, player, seconds);
      const setup = await adSet([{ title: `${player} video`, type: 'VIDEO', media_url: mediaUrl }]);
      const ad = setup.ads[0]!;
      await openDisplay(page, request, await freshScreen(request));
      await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${ad.title}`);
      const frame = page.locator(`iframe[title="${ad.title}"]`);
      await expect(frame).toHaveCSS('opacity', '1');
      const src = new URL((await frame.getAttribute('src'))!);
      expect(src.href).toMatch(embed);
      expect(Object.fromEntries([...src.searchParams].filter(([name]) => name in params))).toEqual(params);
      await expect(page.getByRole('status', { name: 'Buffering' })).toBeHidden();

      await expectOnePlayPerEnd(page, request, ad.id, seconds);
      const stand = page.frame({ url: (url) => url.origin === PLAYER_HOSTS[player] });
      const received = await stand?.evaluate(() => (window as unknown as { received: unknown[] }).received);
      for (const message of said) expect(received).toContainEqual(expect.objectContaining(message));
    });
  }

  test('the ad form refuses a link screens cannot play, naming what to do instead', async ({ page, request }) => {
    await signInAs(page, request, '/dashboard/ads/create');
    await page.getByRole('tab', { name: 'Media URL' }).click();
    const address = page.getByRole('textbox', { name: 'Media URL' });
    await address.fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    const problem = page.getByText(
      "Screens can't play Spotify links; upload the video file or use its HLS (.m3u8) address",
    );
    await expect(problem).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await address.fill('https://cdn.example.com/spring/index.m3u8');
    await expect(problem).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Video' })).toBeChecked();
  });

  test("the screens' service worker does not precache the stream engines", async ({ request }) => {
    const worker = await (await request.get('/sw.js')).text();
    const precached = [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => `/${match[1]!}`);
    // The player's own code that loads the engines is kept; the engines it names are not.
    const loader = precached.find((url) => /\/assets\/stream-engine-[^/]*\.js$/.test(url));
    expect(loader).toBeDefined();
    const engines = [...(await (await request.get(loader!)).text()).matchAll(/assets\/[\w.-]+\.js/g)]
      .map((match) => `/${match[0]}`)
      .filter((url) => STREAM_ENGINE.test(url));
    expect(engines.length).toBeGreaterThanOrEqual(2);
    for (const engine of engines) expect((await request.get(engine)).status()).toBe(200);
    expect(precached.filter((url) => STREAM_ENGINE.test(url))).toEqual([]);
  });
});
