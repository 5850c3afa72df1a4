import { expect, type Response, test } from '@playwright/test';
import { ADMIN } from '../support/env.ts';
import { signInAs } from '../support/session.ts';

test.describe('login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
  });

  const submit = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Sign in' }).click();

  test('every validation message of the form', async ({ page }) => {
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await submit(page);
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(password).toHaveAccessibleDescription('Password is required');
    await expect(email).toBeFocused();

    await email.fill('not-an-email');
    await password.fill('12345');
    await submit(page);
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Once the form has been sent, a field is checked again as it changes.
    await email.fill(ADMIN.email);
    await expect(page.getByText('Invalid email address')).toBeHidden();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await password.fill('123456');
    await expect(page.getByText('Password must be at least 6 characters')).toBeHidden();
    await expect(password).not.toHaveAttribute('aria-describedby');
  });

  test('a signed-out visit downloads no zod until someone signs in (decision 055)', async ({ page }) => {
    // The visit of beforeEach settles first: a script of it still arriving when the page below is
    // opened would be read after it was navigated away from, and its body is gone by then.
    await page.waitForLoadState('networkidle');
    const scripts: Promise<{ url: string; body: string }>[] = [];
    const readScript = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    };
    page.on('response', readScript);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter(({ body }) => body.includes('$ZodType')).map(({ url }) => url)).toEqual([]);

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await submit(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // No body read may still be pending when the test ends (a late chunk's read fails the test).
    page.off('response', readScript);
    expect((await Promise.all(scripts)).some(({ body }) => body.includes('$ZodType'))).toBe(true);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-password');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('Forgot your password shows a placeholder and calls nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await page.getByText('Forgot your password?').click();
    await expect(page.getByText(/administrator/i).first()).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('a wrong password shows the Unauthorized toast with the server message', async ({ page }) => {
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
    await submit(page);
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Unauthorized');
    await expect(toast).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signing in lands on the dashboard with Login successful!', async ({ page }) => {
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await submit(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Login successful!')).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('user-token'));
    expect(token).toBeTruthy();
    const cookies = await page.context().cookies();
    // Spec §9's mirror: written by the page, sent to this origin only, never read by the server (decision 078).
    expect(cookies.find((cookie) => cookie.name === 'user-token')).toMatchObject({
      value: token,
      sameSite: 'Strict',
      path: '/',
    });
    // The device token of decision 076 stays in localStorage, out of every cookie.
    const deviceTokens = await page.evaluate(() => JSON.parse(localStorage.getItem('user-device-tokens') ?? '[]'));
    expect(deviceTokens).toEqual([[ADMIN.email.toLowerCase(), expect.any(String)]]);
    expect(cookies.some((cookie) => cookie.value === deviceTokens[0][1])).toBe(false);
  });

  test('signing in again sends the device token the last sign-in handed over (decision 076)', async ({ page }) => {
    for (const round of [1, 2]) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user-device-tokens') ?? '[]'));
      const sent = page.waitForRequest('**/api/auth/login');
      await submit(page);
      const body = (await sent).postDataJSON();
      if (round === 1) expect(body.device_token).toBeUndefined();
      else expect(body.device_token).toBe(stored[0][1]);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.evaluate(() => localStorage.removeItem('user-token'));
    }
  });

  test('an already signed-in user is sent from /login to the dashboard', async ({ page, request }) => {
    await signInAs(page, request, '/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a dashboard page asked for while signed out is opened after signing in', async ({ page }) => {
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await submit(page);
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
  });

  test('a stored token the server no longer accepts signs the user out', async ({ page }) => {
    await page.evaluate(() => window.localStorage.setItem('user-token', 'expired.or.forged'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
  });
});
