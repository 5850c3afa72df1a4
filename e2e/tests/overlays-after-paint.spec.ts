import { expect, test } from '@playwright/test';
import { ADMIN } from '../support/env.ts';
import { holdAnswers } from '../support/hold.ts';
import { signInAs } from '../support/session.ts';

// The menus, the bell's popover, the phone's sidebar and the toasts come after the page has
// painted (decision 101): the home shows its figures without their code, and a tap or a toast
// that comes before their code is kept for when it arrives.
test.describe('overlays that come after the page has painted', () => {
  test('the home shows its figures with every overlay’s code held back', async ({ page, request }) => {
    const overlays = /\/assets\/(popover|dropdown-menu|sheet|tooltip|sonner)-[^/]+\.js$/;
    const asked = new Set<string>();
    page.on('request', (sent) => {
      const name = overlays.exec(new URL(sent.url()).pathname)?.[1];
      if (name) asked.add(name);
    });
    const release = await holdAnswers(page, overlays);
    await signInAs(page, request, '/dashboard');
    await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Alerts/ })).toBeVisible();
    // Each is a file of its own, asked for once the page is up (a desktop's sidebar needs no sheet).
    await expect.poll(() => [...asked].sort()).toEqual(['dropdown-menu', 'popover', 'sonner', 'tooltip']);
    release();
  });

  test('a tap on the bell before its popover’s code has arrived opens it when the code does', async ({
    page,
    request,
  }) => {
    const release = await holdAnswers(page, /\/assets\/popover-[^/]+\.js$/);
    await signInAs(page, request, '/dashboard');
    const bell = page.getByRole('button', { name: /^Alerts/ });
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Alerts' })).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'Alerts' })).toBeVisible();
  });

  test('a tap on the account menu before its code has arrived opens it when the code does', async ({
    page,
    request,
  }) => {
    const release = await holdAnswers(page, /\/assets\/dropdown-menu-[^/]+\.js$/);
    await signInAs(page, request, '/dashboard');
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
    release();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });

  test('on a phone, the sidebar opened before its sheet’s code has arrived opens when it does', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdAnswers(page, /\/assets\/sheet-[^/]+\.js$/);
    await signInAs(page, request, '/dashboard');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Sidebar' });
    await expect(sidebar).toHaveCount(0);
    release();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Screens' })).toBeVisible();
  });

  test('a toast raised before the toasts’ code has arrived is shown when it does', async ({ page }) => {
    const release = await holdAnswers(page, /\/assets\/sonner-[^/]+\.js$/);
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await refused).status()).toBe(401);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    release();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Unauthorized');
    await expect(toast).toContainText('Invalid email or password');
  });
});
