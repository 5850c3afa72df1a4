import {
  caption,
  finishPlay,
  freshScreen,
  installPlayerClock,
  openDisplay,
  playsOf,
  waitForOfflineReady,
} from '../support/display.ts';
import { expect, test } from '../support/display-test.ts';

test.describe('offline playback and proof of play', () => {
  test('through a network cut and a reboot without network, every play reaches the server exactly once', async ({
    page,
    request,
    context,
    adSet,
  }) => {
    test.setTimeout(90_000);
    const setup = await adSet([
      { title: 'Offline A', duration_seconds: 5 },
      { title: 'Offline B', duration_seconds: 5 },
    ]);
    const adIds = setup.ads.map((ad) => ad.id);
    await installPlayerClock(page);
    await openDisplay(page, request, await freshScreen(request));
    await expect(caption(page)).toHaveText(/^Playing ad 1 of 2 - Offline A/);
    await waitForOfflineReady(page);
    await finishPlay(page);
    await finishPlay(page);
    await expect.poll(async () => (await playsOf(request, adIds)).length).toBe(2);

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    for (let play = 0; play < 3; play += 1) {
      await finishPlay(page);
      await expect(page.getByRole('img', { name: setup.ads[0]!.title })).toBeVisible();
    }

    // The screen reboots with no network: the worker serves the app, the list and the image.
    await page.reload();
    await expect(caption(page)).toHaveText(/^Playing ad 1 of 2 - Offline A/);
    await expect(page.getByRole('img', { name: setup.ads[0]!.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    for (let play = 0; play < 3; play += 1) await finishPlay(page);
    expect((await playsOf(request, adIds)).length).toBe(2);

    await context.setOffline(false);
    await expect.poll(async () => (await playsOf(request, adIds)).length, { timeout: 15_000 }).toBe(8);
    const plays = await playsOf(request, adIds);
    expect(new Set(plays.map((play) => play.id)).size).toBe(8);
    // Nothing is left to send, so nothing more arrives.
    await page.waitForTimeout(1_000);
    expect((await playsOf(request, adIds)).length).toBe(8);
  });

  test('a video plays from the cache while offline', async ({ page, request, context, adSet }) => {
    test.setTimeout(45_000);
    await adSet([{ title: 'Offline video', type: 'VIDEO' }]);
    await openDisplay(page, request);
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await expect(caption(page)).toHaveText(/^Playing ad 1 of 1 - Offline video/);
    const video = page.locator('video');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0.5), {
        timeout: 10_000,
      })
      .toBe(true);
  });
});
