import type { Page } from '@playwright/test';
import {
  caption,
  finishPlay,
  freshScreen,
  installPlayerClock,
  openDisplay,
  pausePlayerClock,
  playNumber,
  playsOf,
  updateAd,
} from '../support/display.ts';
import { expect, showControls, testWithoutServiceWorker as test } from '../support/display-test.ts';

/** The ad loop on Playwright's clock: image ads, whose plays are timers. */

async function isLoaded(page: Page, title: string) {
  return page
    .getByRole('img', { name: title })
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
}

// These tests cut requests; the loop needs no service worker (display-offline tests it).
test.describe('ad loop', () => {
  test('10 plays per ad, then the next; skip resets the count; the loop wraps; each play is logged once', async ({
    page,
    request,
    adSet,
  }) => {
    test.setTimeout(90_000);
    const setup = await adSet([
      { title: 'Loop A', duration_seconds: 5 },
      { title: 'Loop B', duration_seconds: null },
      { title: 'Loop C', duration_seconds: 2 },
    ]);
    const [a, b, c] = setup.ads as [(typeof setup.ads)[0], (typeof setup.ads)[0], (typeof setup.ads)[0]];
    await installPlayerClock(page);
    await openDisplay(page, request, await freshScreen(request));
    await expect(caption(page)).toHaveText(`Playing ad 1 of 3 - ${a.title}`);
    // The next ad is loaded, out of sight, before the current one ends.
    await expect.poll(() => isLoaded(page, b.title)).toBe(true);

    for (let play = 1; play < 10; play += 1) {
      await finishPlay(page);
      await expect(caption(page)).toHaveText(`Playing ad 1 of 3 - ${a.title}`);
    }
    // The player's time stands still while B is measured, so a busy machine's real time cannot
    // end B early; small steps, so B's timer starts at most 100 ms before the measurement below.
    await pausePlayerClock(page);
    await finishPlay(page, 100);
    await expect(caption(page)).toHaveText(`Playing ad 2 of 3 - ${b.title}`);

    // B names no duration: it shows for the default 5 seconds.
    const startOfB = await playNumber(page);
    await page.clock.runFor(4_800);
    expect(await playNumber(page)).toBe(startOfB);
    await page.clock.runFor(300);
    await expect.poll(() => playNumber(page)).toBe(startOfB + 1);
    await page.clock.resume();
    await finishPlay(page);
    await finishPlay(page);

    await showControls(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(caption(page)).toHaveText(`Playing ad 3 of 3 - ${c.title}`);
    for (let play = 1; play < 10; play += 1) await finishPlay(page);
    await expect(caption(page)).toHaveText(`Playing ad 3 of 3 - ${c.title}`);
    await finishPlay(page);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 3 - ${a.title}`);

    // Proof of play: 10 of A, 3 of B (then skipped), 10 of C, each once.
    await expect
      .poll(async () => {
        const plays = await playsOf(request, [a.id, b.id, c.id]);
        return [a, b, c].map((ad) => plays.filter((p) => p.ad_id === ad.id).length);
      })
      .toEqual([10, 3, 10]);
    const plays = await playsOf(request, [a.id, b.id, c.id]);
    expect(new Set(plays.map((p) => p.id)).size).toBe(plays.length);
    expect(plays.every((p) => p.play_count === 1)).toBe(true);
  });

  test('when the list shrinks below the current index, the loop restarts at the first ad', async ({
    page,
    request,
    adSet,
  }) => {
    const setup = await adSet([{ title: 'Shrink A' }, { title: 'Shrink B' }, { title: 'Shrink C' }]);
    const [a, b] = setup.ads as [(typeof setup.ads)[0], (typeof setup.ads)[0]];
    await installPlayerClock(page);
    await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 3 - ${a.title}`);
    await showControls(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(caption(page)).toHaveText(/^Playing ad 3 of 3 - Shrink C/);

    await updateAd(request, setup.token, a.id, { status: 'PAUSED' });
    // The push arrives in real time; the player's short debounce runs on the page clock.
    await expect(async () => {
      await page.clock.runFor(500);
      await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${b.title}`, { timeout: 200 });
    }).toPass({ timeout: 10_000 });
  });

  test('the list is refreshed every 300 s; a failed refresh keeps the ads on screen', async ({
    page,
    request,
    context,
    adSet,
  }) => {
    // A plays for an hour, so the loop stays on it however far the clock runs.
    const setup = await adSet([{ title: 'Refresh A', duration_seconds: 3600 }, { title: 'Refresh B' }]);
    const [a] = setup.ads as [(typeof setup.ads)[0]];
    await installPlayerClock(page);
    // No pushes reach this screen, so only the periodic refresh can bring the change.
    await page.route('**/api/screen-auth/events', (route) => route.abort('connectionrefused'));
    await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${a.title}`);
    const shownAt = await page.evaluate(() => Date.now());

    await updateAd(request, setup.token, a.id, { title: `${a.title} renamed` });
    await page.clock.runFor(290_000);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${a.title}`);
    await expect(async () => {
      await page.clock.runFor(1_000);
      await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${a.title} renamed`, { timeout: 200 });
    }).toPass({ timeout: 30_000 });
    const refreshedAt = await page.evaluate(() => Date.now());
    expect(refreshedAt - shownAt).toBeGreaterThanOrEqual(295_000);
    expect(refreshedAt - shownAt).toBeLessThan(312_000);

    await context.setOffline(true);
    await updateAd(request, setup.token, a.id, { title: `${a.title} again` });
    // The player logs a refresh that failed once it has given up on it and played on.
    const refreshFailed = page.waitForEvent('console', (message) =>
      message.text().startsWith('Loading the ad list failed'),
    );
    await page.clock.runFor(300_000);
    await refreshFailed;
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${a.title} renamed`);
    await expect(page.getByRole('heading', { name: 'No Ads Available' })).toHaveCount(0);

    // Back online, the player asks at once.
    await context.setOffline(false);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${a.title} again`);
  });

  test('the overlay hides after 5000 ms without input and comes back on input', async ({ page, request, adSet }) => {
    await adSet([{ title: 'Overlay image', duration_seconds: 60 }]);
    await installPlayerClock(page);
    await openDisplay(page, request);
    const controls = ['Unmute', 'Exit', 'Fullscreen', 'Skip'].map((name) =>
      page.getByRole('button', { name, exact: true }),
    );
    for (const control of controls) await expect(control).toBeVisible();

    await page.clock.runFor(4_900);
    await expect(controls[3]!).toBeVisible();
    await page.clock.runFor(200);
    for (const control of controls) await expect(control).toBeHidden();
    // The caption stays, dimmed.
    await expect(caption(page)).toBeVisible();

    await page.mouse.move(200, 200);
    for (const control of controls) await expect(control).toBeVisible();
    await page.clock.runFor(5_100);
    await expect(controls[0]!).toBeHidden();
    await page.keyboard.press('Shift');
    await expect(controls[0]!).toBeVisible();
  });

  test('Mute/Unmute and Fullscreen/Exit Fullscreen toggle; Exit leaves fullscreen and logs out', async ({
    page,
    request,
    adSet,
  }) => {
    await adSet([{ title: 'Controls image' }]);
    await openDisplay(page, request);
    await page.getByRole('button', { name: 'Unmute' }).click();
    await expect(page.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();

    await page.getByRole('button', { name: 'Fullscreen', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Exit Fullscreen' })).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.getByRole('button', { name: 'Exit Fullscreen' }).click();
    await expect(page.getByRole('button', { name: 'Fullscreen', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Fullscreen', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Exit Fullscreen' })).toBeVisible();
    await page.getByRole('button', { name: 'Exit', exact: true }).click();
    await expect(page).toHaveURL(/\/ad\/screen$/);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('screen-token'))).toBeNull();
  });
});
