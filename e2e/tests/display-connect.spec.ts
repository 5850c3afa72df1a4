import { expect, test } from '@playwright/test';
import { authenticateScreen, displayUrl, storeScreenSession } from '../support/display.ts';
import { DEMO_SCREEN, E2E_ORIGIN } from '../support/env.ts';
import { holdAnswers } from '../support/hold.ts';

const savedScreens = (page: import('@playwright/test').Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('saved-screens') ?? '[]'));

test.describe('screen connect page', () => {
  test('shows the saved-screens dropdown with None, the inputs and the button', async ({ page }) => {
    await page.goto('/ad/screen');
    const saved = page.getByLabel('Saved screens');
    await expect(saved).toHaveValue('');
    await expect(saved.locator('option')).toHaveText(['None']);
    await expect(page.getByRole('button', { name: 'Delete saved screen' })).toHaveCount(0);
    await expect(page.getByLabel('Screen ID')).toBeVisible();
    const passcode = page.getByLabel('Passcode');
    await expect(passcode).toHaveAttribute('maxlength', '6');
    await expect(passcode).toHaveAttribute('inputmode', 'numeric');
    await passcode.pressSequentially('12345678');
    await expect(passcode).toHaveValue('123456');
    await expect(page.getByRole('button', { name: 'Start Displaying Ads' })).toBeEnabled();
  });

  test('validates the screen ID and the passcode', async ({ page }) => {
    await page.goto('/ad/screen');
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    await expect(page.getByText('Screen ID is required')).toBeVisible();
    await expect(page.getByText('Passcode must be 6 digits')).toBeVisible();

    await page.getByLabel('Screen ID').fill('   ');
    await page.getByLabel('Passcode').fill('12345');
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    await expect(page.getByText('Screen ID is required')).toBeVisible();
    await expect(page.getByText('Passcode must be 6 digits')).toBeVisible();

    await page.getByLabel('Passcode').fill('12a456');
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    await expect(page.getByText('Passcode must be 6 digits')).toBeVisible();
    await expect(page).toHaveURL(/\/ad\/screen$/);
  });

  test('a wrong passcode shows the Unauthorized toast and saves nothing', async ({ page }) => {
    await page.goto('/ad/screen');
    await page.getByLabel('Screen ID').fill(DEMO_SCREEN.screenCode);
    await page.getByLabel('Passcode').fill('000000');
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Unauthorized');
    await expect(toast).toContainText('Invalid screen code or passcode');
    await expect(page.getByRole('button', { name: 'Start Displaying Ads' })).toBeEnabled();
    await expect(page).toHaveURL(/\/ad\/screen$/);
    expect(await savedScreens(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('screen-token'))).toBeNull();
  });

  test('signing in stores the session, saves the screen and opens its display', async ({ page, context }) => {
    await page.goto('/ad/screen');
    // Held back until the button's loading label has been seen.
    const release = await holdAnswers(page, '**/api/screen-auth/authenticate');
    await page.getByLabel('Screen ID').fill(`  ${DEMO_SCREEN.screenCode.toLowerCase()} `);
    await page.getByLabel('Passcode').fill(DEMO_SCREEN.passcode);
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    await expect(page.getByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    release();
    await expect(page.locator('[data-sonner-toast]')).toContainText('Screen authentication successful!');
    await expect(page).toHaveURL(`${E2E_ORIGIN}${displayUrl()}`);

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('screen-token'),
      session: JSON.parse(localStorage.getItem('screen-session') ?? 'null'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.session).toMatchObject({ screen_code: DEMO_SCREEN.screenCode, access_token: stored.token });
    // Spec §9's mirror: written by the page, sent to this origin only, never read by the server (decision 078).
    const cookies = await context.cookies();
    expect(cookies.find((entry) => entry.name === 'screen-token')).toMatchObject({
      value: stored.token,
      sameSite: 'Strict',
    });
    expect(await savedScreens(page)).toEqual([{ screenId: DEMO_SCREEN.screenCode, passcode: DEMO_SCREEN.passcode }]);
    // The device token (decision 076) is kept apart from the session, in localStorage only.
    const deviceTokens = await page.evaluate(() => JSON.parse(localStorage.getItem('screen-device-tokens') ?? '[]'));
    expect(deviceTokens).toEqual([[DEMO_SCREEN.screenCode.toLowerCase(), expect.any(String)]]);
    expect(stored.session).not.toHaveProperty('device_token');
    expect(cookies.some((entry) => entry.value === deviceTokens[0][1])).toBe(false);
  });

  test('saved screens: newest first, one per screen, masked; picking one hides the inputs', async ({ page }) => {
    await page.goto('/favicon.svg');
    await page.evaluate((demo) => {
      localStorage.setItem(
        'saved-screens',
        JSON.stringify([
          { screenId: demo.screenCode, passcode: demo.passcode },
          { screenId: 'GYM-LOBBY-02', passcode: '246810' },
          { screenId: demo.screenCode.toLowerCase(), passcode: '999999' },
        ]),
      );
    }, DEMO_SCREEN);
    await page.goto('/ad/screen');
    const saved = page.getByLabel('Saved screens');
    await expect(saved.locator('option')).toHaveText([
      'None',
      `${DEMO_SCREEN.screenCode} · ••••••`,
      'GYM-LOBBY-02 · ••••••',
    ]);

    await saved.selectOption('GYM-LOBBY-02');
    await expect(page.getByLabel('Screen ID')).toHaveCount(0);
    await expect(page.getByLabel('Passcode')).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete saved screen' }).click();
    await expect(saved).toHaveValue('');
    await expect(saved.locator('option')).toHaveText(['None', `${DEMO_SCREEN.screenCode} · ••••••`]);
    await expect(page.getByLabel('Screen ID')).toBeVisible();
    expect(await savedScreens(page)).toEqual([{ screenId: DEMO_SCREEN.screenCode, passcode: DEMO_SCREEN.passcode }]);
  });

  test('a saved screen signs in without being saved again; a typed one goes first', async ({ page }) => {
    await page.goto('/favicon.svg');
    const list = [
      { screenId: 'GYM-LOBBY-02', passcode: '246810' },
      { screenId: DEMO_SCREEN.screenCode, passcode: DEMO_SCREEN.passcode },
    ];
    await page.evaluate((value) => localStorage.setItem('saved-screens', JSON.stringify(value)), list);
    await page.goto('/ad/screen');
    await page.getByLabel('Saved screens').selectOption(DEMO_SCREEN.screenCode);
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    await expect(page).toHaveURL(new RegExp(`screenId=${DEMO_SCREEN.screenCode}$`));
    expect(await savedScreens(page)).toEqual(list);

    // Typed again (after signing out), it moves to the top: most recent first.
    await page.evaluate(() => {
      localStorage.removeItem('screen-token');
      localStorage.removeItem('screen-session');
    });
    await page.goto('/ad/screen');
    await page.getByLabel('Screen ID').fill(DEMO_SCREEN.screenCode);
    await page.getByLabel('Passcode').fill(DEMO_SCREEN.passcode);
    // The first sign-in left a device token, which this one sends (decision 076).
    const deviceTokens = await page.evaluate(() => JSON.parse(localStorage.getItem('screen-device-tokens') ?? '[]'));
    const sent = page.waitForRequest('**/api/screen-auth/authenticate');
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    expect((await sent).postDataJSON().device_token).toBe(deviceTokens[0][1]);
    await expect(page).toHaveURL(/\/ad\/screen\/display/);
    expect(await savedScreens(page)).toEqual([list[1], list[0]]);
  });

  test('an already signed-in screen is sent to its display', async ({ page, request }) => {
    const session = await authenticateScreen(request);
    await storeScreenSession(page, session);
    const verify = page.waitForResponse('**/api/screen-auth/verify');
    await page.goto('/ad/screen');
    expect((await verify).status()).toBe(200);
    await expect(page).toHaveURL(`${E2E_ORIGIN}${displayUrl(session.screen_code)}`);
    // Verify renewed the token (sliding session) and it was stored.
    const token = await page.evaluate(() => localStorage.getItem('screen-token'));
    expect(token).toBeTruthy();
  });

  test('a stored token the server refuses is cleared at start', async ({ page, context }) => {
    await page.goto('/favicon.svg');
    await context.addCookies([{ name: 'screen-token', value: 'forged.token.value', url: E2E_ORIGIN }]);
    await page.evaluate(() => localStorage.setItem('screen-token', 'forged.token.value'));
    await page.goto('/ad/screen');
    await expect(page.getByLabel('Screen ID')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('screen-token'))).toBeNull();
    expect((await context.cookies()).find((entry) => entry.name === 'screen-token')).toBeUndefined();
  });
});
