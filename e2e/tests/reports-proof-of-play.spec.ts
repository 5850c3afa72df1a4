import { readFile } from 'node:fs/promises';
import type { PlaybackLogRow } from '@adloop/contract/reports';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  adminToken,
  authenticateScreen,
  caption,
  finishPlay,
  freshScreen,
  installPlayerClock,
  openDisplay,
  playsOf,
  type TestAd,
} from '../support/display.ts';
import { expect, testWithoutServiceWorker as test } from '../support/display-test.ts';
import { E2E_ORIGIN } from '../support/env.ts';
import { backToBack, DEMO_OUTLET_ZONE, play, postPlays, screenCreatedAt, servedAds } from '../support/plays.ts';
import { signInAs } from '../support/session.ts';

/** Proof of play end to end: the real player plays, and the dashboard's reports show exactly those plays. */

async function logRows(request: APIRequestContext, adId: string): Promise<PlaybackLogRow[]> {
  const token = await adminToken(request);
  const response = await request.get('/api/playback-logs', {
    headers: { Authorization: `Bearer ${token}` },
    params: { ad_id: adId, limit: 500 },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data;
}

/** A staff window beside the player's, which runs on its own clock. */
async function dashboardPage(browser: Browser, request: APIRequestContext, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInAs(page, request, path);
  return page;
}

function csvRows(text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const names = (header ?? '').split(',');
  // The test's ad titles hold no commas or quotes, so a plain split reads every cell.
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, index) => [names[index], cell])));
}

/**
 * Plays the ad on a screen of its own: one device shows one play at a time, so plays another spec
 * ran on the demo screen at the same moments would be refused (decision 036).
 */
async function playOnScreen(
  page: Page,
  request: APIRequestContext,
  ad: TestAd,
  plays: number,
  screen: { screenCode: string; passcode: string },
) {
  await installPlayerClock(page);
  await openDisplay(page, request, screen);
  await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${ad.title}`);
  // Each play is a minute of the player's clock, run forward here; real time never finishes one.
  for (let play = 0; play < plays; play += 1) await finishPlay(page, 5_000);
  await expect.poll(async () => (await playsOf(request, [ad.id])).length, { timeout: 20_000 }).toBe(plays);
  await page.goto('about:blank');
}

test.describe('proof of play reports', () => {
  test('a screen plays; analytics, the playback log and its CSV export show exactly those plays', async ({
    page,
    request,
    browser,
    adSet,
  }) => {
    test.setTimeout(120_000);
    const { ads } = await adSet([{ title: 'Proof Of Play', duration_seconds: 60 }]);
    const ad = ads[0]!;
    const screen = await freshScreen(request);
    await playOnScreen(page, request, ad, 3, screen);
    const stored = await logRows(request, ad.id);
    expect(stored).toHaveLength(3);

    // Analytics, narrowed to the ad and to the days the screen dated its plays: three plays, on
    // the screen. (The default "Last 7 days" ends on the viewer's today, and a run just before
    // midnight has the player's clock, a few minutes ahead, date a play tomorrow.)
    const days = stored.map((row) => row.play_date).sort();
    const dashboard = await dashboardPage(
      browser,
      request,
      `/dashboard/analytics?ad_id=${ad.id}&from=${days[0]}&to=${days.at(-1)}`,
    );
    await expect(dashboard.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(dashboard.getByRole('article', { name: 'Plays' }).getByText('3', { exact: true })).toBeVisible();
    const topAds = dashboard.getByRole('table', { name: 'Top ads' });
    await expect(topAds.getByRole('row', { name: new RegExp(ad.title) })).toContainText('3');
    await expect(dashboard.getByRole('table', { name: 'By screen' })).toContainText(screen.screenCode);
    const perDay = await dashboard.getByRole('table', { name: 'Plays per day' }).locator('tbody td').allInnerTexts();
    expect(perDay.reduce((sum, cell) => sum + Number(cell.replaceAll(',', '')), 0)).toBe(3);

    // The playback log, narrowed to the ad: the same three plays, at the outlet's local time.
    await dashboard.goto(`/dashboard/playback-logs?ad_id=${ad.id}`);
    await expect(dashboard.getByRole('heading', { level: 1, name: 'Playback logs' })).toBeVisible();
    const table = dashboard.getByRole('table', { name: 'Plays' });
    await expect(table.locator('tbody tr')).toHaveCount(3);
    const shownIds = await table
      .locator('[data-play-id]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-play-id')));
    expect(new Set(shownIds)).toEqual(new Set(stored.map((play) => play.id)));
    const newest = stored[0]!;
    const [day, time] = newest.played_at_local.split(' ');
    await expect(table.locator('tbody tr').first()).toContainText(time!);
    await expect(table.locator('tbody tr').first()).toContainText(newest.timezone);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(dashboard.getByText('Showing 3 plays — that is all of them')).toBeVisible();

    // Export: the downloaded CSV holds the same rows as the table.
    const downloading = dashboard.waitForEvent('download');
    await dashboard.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const rows = csvRows(await readFile((await download.path())!, 'utf8'));
    expect(rows.map((row) => row.id).sort()).toEqual([...shownIds].sort());
    for (const row of rows) {
      expect(row.ad_title).toBe(ad.title);
      expect(row.screen_code).toBe(screen.screenCode);
    }
    // Each time in the file names its offset: the outlet's clock and the screen's own.
    const exported = rows.find((row) => row.id === newest.id)!;
    expect(exported.played_at_outlet).toMatch(new RegExp(`^${day}T${time}[+-]\\d{2}:\\d{2}$`));
    expect(exported.outlet_timezone).toBe(newest.timezone);
    expect(exported.screen_clock).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(exported.played_at_utc!)).toBe(Date.parse(newest.played_at));
    await dashboard.context().close();
  });

  test('the log pages by cursor: Load more adds the older plays, none twice', async ({ request, browser, adSet }) => {
    test.setTimeout(120_000);
    // A one-second ad, played back to back on six screens of its own, made after the ad, so no
    // other test's plays share their time: 57 plays in ten seconds. Every screen plays at the same
    // instants (from the last one's creation), so the cursor must also order plays that tie.
    const { ads, token } = await adSet([{ title: 'Paged Plays', duration_seconds: 1 }]);
    const ad = ads[0]!;
    const perScreen = [10, 10, 10, 10, 10, 7];
    const screens = [];
    for (const count of perScreen) {
      const screen = await freshScreen(request);
      const session = await authenticateScreen(request, screen);
      const served = (await servedAds(request, session.access_token)).find((listed) => listed.id === ad.id);
      if (!served) throw new Error('The new screen was not handed the ad');
      screens.push({ count, session, served, createdAt: await screenCreatedAt(request, token, screen.screenCode) });
    }
    const from = Math.max(...screens.map((screen) => screen.createdAt));
    const logs = [];
    for (const { count, session, served } of screens) {
      const instants = await backToBack(count, served, from);
      const playing = {
        screen_id: session.screen_id,
        outlet_id: session.outlet.id,
        screen_code: session.screen_code,
        timezone: DEMO_OUTLET_ZONE,
      };
      const sent = instants.map((at) => play(served, playing, at));
      await postPlays(request, session.access_token, sent);
      logs.push(...sent);
    }
    expect(logs).toHaveLength(57);

    const page = await dashboardPage(browser, request, `/dashboard/playback-logs?ad_id=${ad.id}`);
    const table = page.getByRole('table', { name: 'Plays' });
    await expect(table.locator('tbody tr')).toHaveCount(50);
    await expect(page.getByText('Showing 50 plays, newest first')).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(57);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    const ids = await table
      .locator('[data-play-id]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-play-id')));
    expect(new Set(ids)).toEqual(new Set(logs.map((log) => log.id)));
    await page.context().close();
  });
});
