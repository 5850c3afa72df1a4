import { caption, freshScreen, openDisplay, playNumber, playsOf, videoSettings } from '../support/display.ts';
import { expect, showControls, testWithoutServiceWorker as test } from '../support/display-test.ts';

/** Video ads in real time: the demo video is about 6 s long. */
// Network throttling applies to the page; a service worker would fetch the video past it.
test.describe('video ads', () => {
  test('a video autoplays muted, inline, without controls; its end is one play; the next ad waits loaded', async ({
    page,
    request,
    adSet,
  }) => {
    test.setTimeout(45_000);
    const setup = await adSet([
      { title: 'Video V', type: 'VIDEO' },
      { title: 'Image after video', duration_seconds: 5 },
    ]);
    const [video, image] = setup.ads as [(typeof setup.ads)[0], (typeof setup.ads)[0]];
    // It counts its play: a screen of its own, since earlier specs' plays on the demo screen (some on a
    // fast-forwarded clock) may still occupy these moments, and one screen shows one play at a time.
    await openDisplay(page, request, await freshScreen(request));
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${video.title}`);
    const player = page.locator(`video[aria-label="${video.title}"]`);
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0))
      .toBe(true);
    expect(await videoSettings(player)).toEqual({ muted: true, playsInline: true, controls: false });
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: image.title })
          .evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
      )
      .toBe(true);

    await showControls(page);
    await page.getByRole('button', { name: 'Unmute' }).click();
    expect(await player.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    expect(await player.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);

    const firstPlay = await playNumber(page);
    await expect.poll(() => playNumber(page), { timeout: 15_000 }).toBe(firstPlay + 1);
    // The second of its ten plays starts from the beginning, on the same element.
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime < 3))
      .toBe(true);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${video.title}`);
    await expect.poll(async () => (await playsOf(request, [video.id])).length).toBe(1);
  });

  test('a video that plays next is loaded and parked on its first frame, and starts at once', async ({
    page,
    request,
    adSet,
  }) => {
    const setup = await adSet([
      { title: 'Image before video', duration_seconds: 60 },
      { title: 'Video next', type: 'VIDEO' },
    ]);
    const [, video] = setup.ads as [(typeof setup.ads)[0], (typeof setup.ads)[0]];
    await openDisplay(page, request);
    const player = page.locator(`video[aria-label="${video.title}"]`);
    await expect
      .poll(() =>
        player.evaluate((element: HTMLVideoElement) => ({
          loaded: element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA,
          paused: element.paused,
          at: element.currentTime,
        })),
      )
      .toEqual({ loaded: true, paused: true, at: 0 });
    // Skip, then look at every frame that follows: some ad is on screen in each of them.
    const framesWithoutAnAd = await page.evaluate(async () => {
      const stage = document.querySelector('[data-play]');
      const skip = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Skip');
      if (!stage || !skip) throw new Error('player not found');
      const adOnScreen = () =>
        [...stage.querySelectorAll('img, video')].some(
          (element) =>
            getComputedStyle(element).opacity === '1' &&
            (element instanceof HTMLVideoElement
              ? element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA
              : (element as HTMLImageElement).complete),
        );
      skip.click();
      let blank = 0;
      for (let frame = 0; frame < 30; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (!adOnScreen()) blank += 1;
      }
      return blank;
    });
    expect(framesWithoutAnAd).toBe(0);
    await expect(caption(page)).toHaveText(`Playing ad 2 of 2 - ${video.title}`);
    await expect(player).toHaveCSS('opacity', '1');
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0))
      .toBe(true);
  });

  test('a spinner shows while the video waits for data', async ({ page, request, context, adSet }) => {
    await adSet([]);
    await openDisplay(page, request);
    await expect(page.getByRole('heading', { name: 'No Ads Available' })).toBeVisible();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: 4 * 1024,
      uploadThroughput: -1,
    });
    // A video ad arrives (pushed) while the network crawls.
    await adSet([{ title: 'Slow network video', type: 'VIDEO' }]);
    await expect(page.getByRole('status', { name: 'Buffering' })).toBeVisible({ timeout: 10_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByRole('status', { name: 'Buffering' })).toBeHidden({ timeout: 15_000 });
    await expect
      .poll(() =>
        page.locator('video').evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0),
      )
      .toBe(true);
  });
});
