import { expect, type Page, test } from '@playwright/test';
import { audit, blocking, describe } from '../support/a11y.ts';
import { bearer, createOutlet, tokenOf, unique } from '../support/factories.ts';

/**
 * Issue 24 (decision 089). The browser tests' server sends no e-mail, so an admin's new user gets a
 * temporary password: their first sign-in shows no error, asks for a new password once and opens
 * the dashboard. The e-mailed link itself is walked in apps/server/test/invitations.api.test.ts.
 */

/** Every API answer of 400 and up the page receives, and every error toast it shows. */
function watchFailures(page: Page) {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });
  return {
    failed,
    errorToasts: page.locator('[data-sonner-toast][data-type="error"]'),
  };
}

test('first sign-in with a temporary password: no error, one calm step, then the dashboard', async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request);
  const outlet = await createOutlet(request, admin);
  const email = `first-${unique()}@e2e.adloop.test`;
  const created = await request.post('/api/users', {
    headers: bearer(admin),
    data: { name: 'Meera Nair', email, role: 'OUTLET_EMPLOYEE', outlet_ids: [outlet.id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { temporary_password: temporary, invitation } = (await created.json()).data;
  expect(invitation).toBeNull();

  const watch = watchFailures(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText('Welcome, Meera Nair.')).toBeVisible();
  // The temporary password was typed a moment ago: it is not asked again.
  await expect(page.getByLabel('Temporary password')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
  expect(blocking(await audit(page, 'first sign-in step')), 'serious accessibility violations').toEqual([]);

  await page.getByLabel('New password', { exact: true }).fill('meera-likes-filter-coffee');
  await page.getByLabel('Confirm new password').fill('meera-likes-filter-coffee');
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Password set')).toBeVisible();

  expect(watch.failed).toEqual([]);
  await expect(watch.errorToasts).toHaveCount(0);
  const signIn = await request.post('/api/auth/login', { data: { email, password: 'meera-likes-filter-coffee' } });
  expect(signIn.status()).toBe(200);
  expect((await signIn.json()).data.user.must_change_password).toBe(false);
});

test('a set-password link that is not valid says so calmly and leads to sign-in', async ({ page }) => {
  await page.goto(`/set-password?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByText('Ask whoever invited you to send a new one.')).toBeVisible();
  const findings = blocking(await audit(page, 'set-password, invalid link'));
  expect(findings, describe(findings)).toEqual([]);
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' })).toBeVisible();
});
