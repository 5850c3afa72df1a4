import type { APIRequestContext } from '@playwright/test';
import { caption, installPlayerClock, openDisplay, streamOpen } from '../support/display.ts';
import { expect, testWithoutServiceWorker as test } from '../support/display-test.ts';
import { bearer, createOutlet, createScreen, tokenOf } from '../support/factories.ts';

/** A screen of its own (the demo screen's passcode must not change), signed in and then reset. */
async function screenOfItsOwn(request: APIRequestContext) {
  const admin = await tokenOf(request);
  const outlet = await createOutlet(request, admin);
  const { screen, passcode } = await createScreen(request, admin, outlet.id);
  const resetPasscode = async () => {
    const response = await request.post(`/api/ad-screens/${screen.id}/reset-passcode`, { headers: bearer(admin) });
    expect(response.ok(), await response.text()).toBeTruthy();
  };
  return { screen: { screenCode: screen.screen_code, passcode }, resetPasscode };
}

test.describe('a screen whose session ends', () => {
  test('a passcode reset, pushed to the playing screen, sends it to the connect page', async ({
    page,
    request,
    adSet,
  }) => {
    await adSet([{ title: 'Session end image' }]);
    const { screen, resetPasscode } = await screenOfItsOwn(request);
    await openDisplay(page, request, screen);
    await expect(caption(page)).toBeVisible();
    await streamOpen(page);
    await resetPasscode();
    await expect(page).toHaveURL(/\/ad\/screen$/, { timeout: 5_000 });
    expect(await page.evaluate(() => localStorage.getItem('screen-token'))).toBeNull();
  });

  test('a 401 on the ad list clears the session and goes to the connect page', async ({ page, request, adSet }) => {
    await adSet([{ title: 'Ad list 401 image', duration_seconds: 3600 }]);
    const { screen, resetPasscode } = await screenOfItsOwn(request);
    await installPlayerClock(page);
    // No push reaches this screen: the ad list is what finds out.
    await page.route('**/api/screen-auth/events', (route) => route.abort('connectionrefused'));
    await openDisplay(page, request, screen);
    await expect(caption(page)).toBeVisible();
    await resetPasscode();
    const adList = page.waitForResponse('**/api/screen-auth/ads');
    await page.clock.runFor(300_000);
    expect((await adList).status()).toBe(401);
    await expect(page).toHaveURL(/\/ad\/screen$/);
    await expect(page.locator('[data-sonner-toast]')).toContainText('Unauthorized');
    expect(
      await page.evaluate(() => [localStorage.getItem('screen-token'), localStorage.getItem('screen-session')]),
    ).toEqual([null, null]);
  });
});
