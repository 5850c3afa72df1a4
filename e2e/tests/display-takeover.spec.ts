import type { Takeover, TakeoverStart } from '@adloop/contract/takeovers';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminToken,
  authenticateScreen,
  caption,
  openDisplay,
  playsOf,
  streamOpen,
  waitForOfflineReady,
} from '../support/display.ts';
import { expect, test } from '../support/display-test.ts';
import { DEMO_SCREEN } from '../support/env.ts';
import { bearer, tokenOf } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

const OUTLET_ADMIN = { email: 'outlet.admin@demo.adloop.app', password: 'e2e-demo-staff' } as const;

async function startTakeover(request: APIRequestContext, token: string, body: TakeoverStart): Promise<Takeover> {
  const response = await request.post('/api/takeovers', { headers: bearer(token), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}

/** Ends every takeover still live on the shared server, so the next spec finds the demo screen playing its loop. */
async function endEveryTakeover(request: APIRequestContext) {
  const token = await adminToken(request);
  const response = await request.get('/api/takeovers', {
    headers: bearer(token),
    params: { status: 'active', pageSize: 100 },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  for (const takeover of (await response.json()).data as Array<{ id: string }>) {
    const ended = await request.post(`/api/takeovers/${takeover.id}/end`, { headers: bearer(token) });
    expect([200, 409]).toContain(ended.status());
  }
}

/** The loop ad of these tests: a minute long, so the screen is still on it when a takeover ends. */
const LOOP_AD = { title: 'Loop ad', duration_seconds: 60 };

function takeoverLayer(page: Page) {
  return page.getByTestId('takeover-layer');
}

test.describe('emergency takeover', () => {
  test.afterEach(async ({ request }) => endEveryTakeover(request));

  test('an outlet admin puts a message on the playing screen from the dashboard, then ends it', async ({
    page,
    browser,
    request,
    adSet,
  }) => {
    test.setTimeout(60_000);
    const setup = await adSet([LOOP_AD]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${setup.ads[0]!.title}`);

    const staff = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const dashboard = await staff.newPage();
    await signInAs(dashboard, request, '/dashboard/takeovers', OUTLET_ADMIN);
    await expect(dashboard.getByRole('heading', { level: 1, name: 'Emergency takeover' })).toBeVisible();
    await expect(dashboard.getByText('No takeover is running.')).toBeVisible();

    const message = 'Kitchen fire drill — please follow staff to the exit';
    await dashboard.getByRole('textbox', { name: 'Message' }).fill(message);
    await expect(dashboard.getByText(`${message.length} / 280`)).toBeVisible();
    await dashboard.getByRole('checkbox', { name: /DEMO-SCREEN-01/ }).check();
    const startedAt = Date.now();
    await dashboard.getByRole('button', { name: 'Take over 1 screen' }).click();
    await expect(dashboard.getByText('Message is on screen')).toBeVisible();

    // Within 5 s the screen shows the message full-screen, and the loop is gone from under it.
    await expect(takeoverLayer(page)).toHaveAttribute('data-kind', 'MESSAGE', { timeout: 5_000 });
    await expect(page.getByRole('alert')).toHaveText(message);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await expect(page.getByText('Urgent notice')).toBeVisible();
    await expect(caption(page)).toHaveCount(0);
    // The overlay keeps its way out.
    await page.mouse.move(400, 400);
    await expect(page.getByRole('button', { name: 'Exit' })).toBeVisible();
    await page.mouse.move(420, 420);
    await shoot(page, 'display-takeover-message', 1920);

    const live = dashboard.getByRole('article', { name: `Message: ${message}` });
    await expect(live).toContainText('DEMO-SCREEN-01');
    await expect(live).toContainText('Started by Kavya Iyer');
    await live.getByRole('button', { name: 'End takeover' }).click();
    await dashboard.getByRole('alertdialog').getByRole('button', { name: 'End takeover' }).click();
    await expect(dashboard.getByText('Takeover ended')).toBeVisible();

    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${setup.ads[0]!.title}`, { timeout: 5_000 });
    await expect(takeoverLayer(page)).toHaveCount(0);
    await expect(dashboard.getByText('No takeover is running.')).toBeVisible();
    await staff.close();
  });

  test("a global admin's ad takeover shows that ad full-screen and logs its plays", async ({
    page,
    request,
    adSet,
  }) => {
    test.setTimeout(60_000);
    const setup = await adSet([LOOP_AD, { title: 'Safety ad', duration_seconds: 5 }]);
    const [loopAd, safetyAd] = setup.ads as [(typeof setup.ads)[0], (typeof setup.ads)[0]];
    const session = await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${loopAd.title}`);
    await streamOpen(page);

    const takeover = await startTakeover(request, setup.token, {
      kind: 'AD',
      ad_id: safetyAd.id,
      screen_ids: [session.screen_id],
    });
    await expect(takeoverLayer(page)).toHaveAttribute('data-kind', 'AD', { timeout: 5_000 });
    await expect(takeoverLayer(page).getByRole('img', { name: safetyAd.title })).toBeVisible();
    await expect(caption(page)).toHaveCount(0);
    // Each 5 s showing of the image is a play, logged like any other; the hidden loop logs none.
    await expect
      .poll(async () => (await playsOf(request, [safetyAd.id])).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await playsOf(request, [loopAd.id])).toHaveLength(0);

    const ended = await request.post(`/api/takeovers/${takeover.id}/end`, { headers: bearer(setup.token) });
    expect(ended.status()).toBe(200);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${loopAd.title}`, { timeout: 5_000 });
  });

  test('a video ad takeover plays the video, muted until unmuted, and starts it again at its end', async ({
    page,
    request,
    adSet,
  }) => {
    test.setTimeout(60_000);
    const setup = await adSet([LOOP_AD, { title: 'PSA video', type: 'VIDEO' }]);
    const session = await openDisplay(page, request);
    await expect(caption(page)).toHaveText(/^Playing ad 1 of 2 - Loop ad/);
    await startTakeover(request, setup.token, { kind: 'AD', ad_id: setup.ads[1]!.id, screen_ids: [session.screen_id] });
    const video = takeoverLayer(page).locator('video');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.currentTime > 0.5), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await page.mouse.move(300, 300);
    await takeoverLayer(page).getByRole('button', { name: 'Unmute' }).click();
    await expect(takeoverLayer(page).getByRole('button', { name: 'Mute' })).toBeVisible();
    // Its end is a play, and it starts over: the first play reaches the server.
    await expect
      .poll(async () => (await playsOf(request, [setup.ads[1]!.id])).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && !element.ended))
      .toBe(true);
  });

  test('a screen that reboots without network still shows its takeover, and lets it go at its end time', async ({
    page,
    request,
    context,
    adSet,
  }) => {
    test.setTimeout(90_000);
    const setup = await adSet([{ title: 'Offline loop ad', duration_seconds: 60 }]);
    await page.clock.install();
    const session = await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${setup.ads[0]!.title}`);
    await waitForOfflineReady(page);

    const message = 'Store closing in 15 minutes';
    await startTakeover(request, await tokenOf(request, OUTLET_ADMIN), {
      kind: 'MESSAGE',
      message,
      screen_ids: [session.screen_id],
      ends_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    await expect(page.getByRole('alert')).toHaveText(message, { timeout: 5_000 });
    await expect(page.getByText(/^Until \d{2}:\d{2}/)).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    await expect(caption(page)).toHaveCount(0);

    // Ten minutes later on the screen's own clock, still offline: the notice is over and the loop plays from cache.
    await page.clock.fastForward('10:30');
    await expect(takeoverLayer(page)).toHaveCount(0);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${setup.ads[0]!.title}`);
    await context.setOffline(false);
  });

  test('a 280-character message fits whole on a landscape and a portrait screen', async ({ page, request }) => {
    const admin = await adminToken(request);
    const screen = await authenticateScreen(request, DEMO_SCREEN);
    const message =
      'Attention please: a child has been separated from their family. Six years old, blue T-shirt, red shoes, ' +
      'answers to Aarav. If you see him, please stay with him and tell any member of staff at once. ' +
      'Doors are being watched. Thank you for your help.';
    expect(message.length).toBeLessThanOrEqual(280);
    await startTakeover(request, admin, { kind: 'MESSAGE', message, screen_ids: [screen.screen_id] });
    for (const [width, height] of [
      [1920, 1080],
      [1080, 1920],
    ] as const) {
      await page.setViewportSize({ width, height });
      if (width === 1920) await openDisplay(page, request);
      const text = page.getByRole('alert');
      await expect(text).toHaveText(message);
      await expect
        .poll(() =>
          text.evaluate((element) => {
            const inner = element.getBoundingClientRect();
            const box = element.parentElement!.getBoundingClientRect();
            const size = Number.parseFloat(getComputedStyle(element).fontSize);
            const inside =
              inner.top >= box.top - 1 &&
              inner.bottom <= box.bottom + 1 &&
              inner.left >= box.left - 1 &&
              inner.right <= box.right + 1;
            return inside && element.scrollWidth <= element.clientWidth + 1 && size >= 40;
          }),
        )
        .toBe(true);
      await shoot(page, 'display-takeover-long-message', width);
    }
  });

  test('an outlet employee sees takeovers read-only', async ({ page, request }) => {
    const admin = await tokenOf(request, OUTLET_ADMIN);
    const screen = await authenticateScreen(request, DEMO_SCREEN);
    await startTakeover(request, admin, {
      kind: 'MESSAGE',
      message: 'Back in 5 minutes',
      screen_ids: [screen.screen_id],
    });
    await signInAs(page, request, '/dashboard/takeovers', {
      email: 'outlet.employee@demo.adloop.app',
      password: 'e2e-demo-staff',
    });
    const live = page.getByRole('article', { name: 'Message: Back in 5 minutes' });
    await expect(live).toBeVisible();
    await expect(live.getByRole('button', { name: 'End takeover' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Start a takeover' })).toHaveCount(0);
    await expect(page.getByText('an outlet admin starts and ends them')).toBeVisible();
  });
});

for (const width of [390, 1440] as const) {
  test(`the takeovers page at ${width} px`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width < 720 ? 844 : 900 });
    const admin = await adminToken(request);
    const screen = await authenticateScreen(request, DEMO_SCREEN);
    const started = await startTakeover(request, admin, {
      kind: 'MESSAGE',
      message: 'Missing child: a six-year-old in a blue T-shirt. Please tell any member of staff.',
      screen_ids: [screen.screen_id],
    });
    try {
      await signInAs(page, request, '/dashboard/takeovers');
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
      await shoot(page, 'dashboard-takeovers', width);
      await page.getByRole('button', { name: 'Take over screens' }).click();
      await expect(page.getByText('Write the message to show')).toBeVisible();
      await page.getByRole('tab', { name: 'Ad' }).click();
      await expect(page.getByRole('radiogroup', { name: 'Ad to show' }).getByRole('radio').first()).toBeVisible();
      await shoot(page, 'dashboard-takeovers-ad', width);
    } finally {
      await request.post(`/api/takeovers/${started.id}/end`, { headers: bearer(admin) });
    }
  });
}
