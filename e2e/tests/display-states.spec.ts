import {
  authenticateScreen,
  caption,
  displayUrl,
  installPlayerClock,
  openDisplay,
  storeScreenSession,
} from '../support/display.ts';
import { expect, testWithoutServiceWorker as test } from '../support/display-test.ts';
import { DEMO_SCREEN, E2E_ORIGIN } from '../support/env.ts';
import { holdAnswers } from '../support/hold.ts';

const pendingOfflineRecords = (page: import('@playwright/test').Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('pending-offline-logs') ?? '[]'));

// Requests are held back or cut below; the service worker (tested in display-offline) would answer some itself.
test.describe('display states', () => {
  test('without a screen ID it shows the Screen ID Not Found card; Go to Home goes home', async ({ page }) => {
    await page.goto('/ad/screen/display');
    await expect(page.getByRole('heading', { name: 'Screen ID Not Found' })).toBeVisible();
    await expect(page.getByText('The screen ID was not provided or the ads exited unexpectedly.')).toBeVisible();
    await expect(page.getByText(/check the screen code, then restart the screen or refresh/)).toBeVisible();
    await expect(page.locator('main')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(`${E2E_ORIGIN}/`);
  });

  test('without a screen session it goes to the connect page', async ({ page }) => {
    await page.goto(displayUrl());
    await expect(page).toHaveURL(/\/ad\/screen$/);
    await expect(page.getByRole('button', { name: 'Start Displaying Ads' })).toBeVisible();
  });

  test('a stored token the server refuses ends the session and goes to the connect page', async ({ page }) => {
    await page.goto('/favicon.svg');
    await page.evaluate(() => {
      localStorage.setItem('screen-token', 'forged.token.value');
      localStorage.setItem(
        'screen-session',
        JSON.stringify({
          access_token: 'forged.token.value',
          screen_code: 'DEMO-SCREEN-01',
          screen_id: '00000000-0000-4000-8000-000000000000',
          outlet: { id: '00000000-0000-4000-8000-000000000000', name: 'x', outlet_code: 'x' },
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      );
    });
    await page.goto(displayUrl());
    await expect(page).toHaveURL(/\/ad\/screen$/);
    expect(
      await page.evaluate(() => [localStorage.getItem('screen-token'), localStorage.getItem('screen-session')]),
    ).toEqual([null, null]);
  });

  test('shows the loading view while the ads load, then the loop with its caption', async ({ page, request }) => {
    const session = await authenticateScreen(request);
    await storeScreenSession(page, session);
    // Held back until the loading view has been seen.
    const release = await holdAnswers(page, '**/api/screen-auth/ads');
    await page.goto(displayUrl());
    await expect(
      page.getByRole('heading', { name: `Loading content for screen ${DEMO_SCREEN.screenCode}` }),
    ).toBeVisible();
    await expect(page.getByText('Please wait while we fetch your content')).toBeVisible();
    release();
    await expect(caption(page)).toBeVisible();
    await expect(page.getByText(`Screen: ${DEMO_SCREEN.screenCode}`)).toBeVisible();
  });

  test('with no active ads it shows No Ads Available; Return Back logs out', async ({ page, request, adSet }) => {
    await adSet([]);
    await openDisplay(page, request);
    await expect(page.getByRole('heading', { name: 'No Ads Available' })).toBeVisible();
    await expect(page.getByText('There are currently no active ads to display for this screen.')).toBeVisible();
    await page.getByRole('button', { name: 'Return Back' }).click();
    await expect(page).toHaveURL(/\/ad\/screen$/);
    expect(await page.evaluate(() => localStorage.getItem('screen-token'))).toBeNull();
    // The unload handler ran first: the offline record waits for the next start.
    expect(await pendingOfflineRecords(page)).toHaveLength(1);
  });

  test('posts online at start; an offline record saved at exit is sent at the next start', async ({
    page,
    request,
    adSet,
  }) => {
    await adSet([{ title: 'Activity image' }]);
    const online = page.waitForRequest('**/api/screen-activity/online');
    const session = await openDisplay(page, request);
    const onlineBody = (await online).postDataJSON();
    expect(onlineBody).toMatchObject({
      screen_id: session.screen_id,
      outlet_id: session.outlet.id,
      additional_info: { screen_code: session.screen_code, outlet_code: session.outlet.outlet_code },
    });
    expect(onlineBody.activity_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(onlineBody.activity_time).toMatch(/^\d{2}:\d{2}:\d{2}$/);

    await page.getByRole('button', { name: 'Exit', exact: true }).click();
    await expect(page).toHaveURL(/\/ad\/screen$/);
    const [record] = await pendingOfflineRecords(page);
    expect(record).toMatchObject({ screen_id: session.screen_id, outlet_id: session.outlet.id });
    expect(await page.evaluate(() => localStorage.getItem('screen-session'))).toBeNull();

    const offline = page.waitForResponse('**/api/screen-activity/offline');
    await page.getByLabel('Screen ID').fill(DEMO_SCREEN.screenCode);
    await page.getByLabel('Passcode').fill(DEMO_SCREEN.passcode);
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    const sent = await offline;
    expect(sent.status()).toBe(200);
    expect(sent.request().postDataJSON()).toEqual(record);
    await expect.poll(() => pendingOfflineRecords(page)).toEqual([]);
  });

  test('a heartbeat is posted every 60 s', async ({ page, request, adSet }) => {
    await adSet([{ title: 'Heartbeat image', duration_seconds: 3600 }]);
    // Each record carries the player's clock when it was made (occurred_at): the online record
    // marks the start, so the beat is measured on that clock, whatever the machine's speed.
    const sentAt: Record<'online' | 'heartbeat', number[]> = { online: [], heartbeat: [] };
    page.on('request', (sent) => {
      const kind = /\/api\/screen-activity\/(online|heartbeat)$/.exec(sent.url())?.[1] as 'online' | 'heartbeat';
      if (kind) sentAt[kind].push(Date.parse(sent.postDataJSON().occurred_at));
    });
    await installPlayerClock(page);
    const session = await openDisplay(page, request);
    await expect(caption(page)).toBeVisible();
    await expect.poll(() => sentAt.online.length).toBe(1);
    const first = page.waitForRequest('**/api/screen-activity/heartbeat');
    await page.clock.runFor(60_000);
    expect((await first).postDataJSON()).toMatchObject({ screen_id: session.screen_id, outlet_id: session.outlet.id });
    await page.clock.runFor(60_000);
    await expect.poll(() => sentAt.heartbeat.length).toBeGreaterThanOrEqual(2);
    const [start] = sentAt.online;
    const [one, two] = sentAt.heartbeat;
    expect([one! - start!, two! - one!]).toEqual([60_000, 60_000]);
  });

  test('an offline record whose send fails is kept for the next start', async ({ page, request, adSet }) => {
    await adSet([{ title: 'Kept record image' }]);
    const session = await authenticateScreen(request);
    await storeScreenSession(page, session);
    const record = {
      screen_id: session.screen_id,
      outlet_id: session.outlet.id,
      activity_date: '2026-01-01',
      activity_time: '09:30:00',
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      additional_info: { screen_code: session.screen_code },
    };
    await page.evaluate((value) => localStorage.setItem('pending-offline-logs', JSON.stringify([value])), record);
    // The connection drops on the way: no answer reaches the player.
    await page.route('**/api/screen-activity/offline', (route) => route.abort('connectionreset'));
    await page.goto(displayUrl());
    await expect(caption(page)).toBeVisible();
    await page.waitForTimeout(300);
    expect(await pendingOfflineRecords(page)).toEqual([record]);
  });

  test('the offline badge replaces the offline notice and the ad plays on', async ({
    page,
    request,
    context,
    adSet,
  }) => {
    const setup = await adSet([{ title: 'Offline badge image' }]);
    await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${setup.ads[0]!.title}`);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: setup.ads[0]!.title })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
  });
});
