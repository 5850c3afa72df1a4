import { expect, test } from '@playwright/test';
import { holdAnswers } from '../support/hold.ts';
import { signInAs } from '../support/session.ts';

// The dashboard's document paints the dashboard's frame before its code runs (decision 093).
test.describe('the dashboard frame before its code', () => {
  test('is painted from the document alone, with the script and the stylesheet held back', async ({ page }) => {
    await page.route(/\.(js|css)$/, (route) => route.abort());
    await page.goto('/dashboard');
    const frame = page.locator('#boot-shell');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('aria-hidden', 'true');
    await expect(frame).toContainText('Dashboard');
    // It brings its own colours: the app's stylesheet comes after it in the document.
    const background = await frame.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await expect(page.locator('#root')).toBeEmpty();
    const order = await page.evaluate(() =>
      [...document.body.children].map((element) => element.id || element.getAttribute('rel') || element.tagName),
    );
    expect(order).toEqual(['boot-shell', 'stylesheet', 'root']);
  });

  test('stays while the session is checked, and gives way to the home in one step', async ({ page, request }) => {
    const release = await holdAnswers(page, '**/api/auth/verify');
    const signedIn = signInAs(page, request, '/dashboard');
    await expect(page.locator('#boot-shell')).toBeVisible();
    release();
    await signedIn;
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('#boot-shell')).toHaveCount(0);
  });

  test('gives way to the sign-in page for a visitor without a session', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#boot-shell')).toHaveCount(0);
  });

  test('is only in the home’s document: another dashboard page opened first has none', async ({ page, request }) => {
    await signInAs(page, request, '/dashboard/ads');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const document = await (await request.get('/dashboard/ads')).text();
    expect(document).not.toContain('boot-shell');
    expect(await (await request.get('/dashboard')).text()).toContain('id="boot-shell"');
  });
});
