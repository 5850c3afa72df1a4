import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session.ts';

test.describe('dashboard shell', () => {
  test('logout clears the token and cookie, ends the session and goes to /login', async ({ page, request }) => {
    const token = await signInAs(page, request, '/dashboard');
    await page.getByRole('button', { name: /AdLoop Admin/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'user-token')).toBeUndefined();
    const verify = await request.post('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } });
    expect(verify.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('Ctrl+B collapses and expands the sidebar and remembers it in the sidebar_state cookie', async ({
    page,
    request,
  }) => {
    await signInAs(page, request, '/dashboard');
    const sidebar = page.locator('[data-slot="sidebar"][data-state]');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);

    await page.reload();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Meta+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect((await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
  });

  test('under 720 px the sidebar is a slide-in sheet', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, request, '/dashboard');
    await expect(page.getByRole('link', { name: 'Screens', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('link', { name: 'Screens' })).toBeVisible();
    await sheet.getByRole('link', { name: 'Screens' }).click();
    await expect(page).toHaveURL(/\/dashboard\/screens$/);
    await expect(page.getByRole('heading', { name: 'Screens', level: 1 })).toBeVisible();
  });

  test('every sidebar entry of a global admin opens its page', async ({ page, request }) => {
    await signInAs(page, request, '/dashboard');
    const entries: Array<[string, RegExp]> = [
      ['Analytics', /\/dashboard\/analytics$/],
      ['Ads', /\/dashboard\/ads$/],
      ['Screens', /\/dashboard\/screens$/],
      ['Playback logs', /\/dashboard\/playback-logs$/],
      ['Screen activity', /\/dashboard\/screen-activity$/],
      ['Ad transactions', /\/dashboard\/billing\/transactions$/],
      ['Screen payouts', /\/dashboard\/billing\/payouts$/],
      ['Users', /\/dashboard\/onboarding\/users$/],
      ['Companies', /\/dashboard\/onboarding\/company$/],
      ['Outlets', /\/dashboard\/onboarding\/outlet$/],
      ['Settings', /\/dashboard\/settings$/],
    ];
    for (const [name, url] of entries) {
      await page
        .getByRole('navigation')
        .or(page.locator('[data-slot="sidebar"]'))
        .getByRole('link', { name, exact: true })
        .first()
        .click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    }
  });

  test('a session ended elsewhere signs the dashboard out at its next call', async ({ page, request }) => {
    const token = await signInAs(page, request, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The same session is ended from another device.
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    await page.locator('[data-slot="sidebar"]').getByRole('link', { name: 'Ads', exact: true }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
  });

  test('an unknown dashboard path shows the 404 page', async ({ page, request }) => {
    await signInAs(page, request, '/dashboard/no-such-thing');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('The page "/dashboard/no-such-thing" was not found.')).toBeVisible();
  });
});
