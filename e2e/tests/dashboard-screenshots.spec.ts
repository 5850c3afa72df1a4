import { expect, test } from '@playwright/test';
import { bearer, tokenOf } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

type Listed = { data: Array<{ id: string }> };

async function firstId(request: import('@playwright/test').APIRequestContext, token: string, path: string) {
  const response = await request.get(path, { headers: bearer(token), params: { pageSize: 1 } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const body = (await response.json()) as Listed;
  return body.data[0]!.id;
}

for (const width of [390, 1440] as const) {
  test.describe(`dashboard pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 720 ? 844 : 900 } });

    test('lists, forms and dialogs', async ({ page, request }) => {
      test.setTimeout(90_000);
      const admin = await tokenOf(request);
      const adId = await firstId(request, admin, '/api/ads');
      const screenId = await firstId(request, admin, '/api/ad-screens');
      const userId = await firstId(request, admin, '/api/users');
      const companyId = await firstId(request, admin, '/api/ad-company');
      const outletId = await firstId(request, admin, '/api/outlets');

      const pages: Array<[string, string]> = [
        ['dashboard-home', '/dashboard'],
        ['dashboard-ads', '/dashboard/ads'],
        ['dashboard-ads-create', '/dashboard/ads/create'],
        ['dashboard-ads-edit', `/dashboard/ads/edit/${adId}`],
        ['dashboard-screens', '/dashboard/screens'],
        ['dashboard-screens-create', '/dashboard/screens/create'],
        ['dashboard-screens-edit', `/dashboard/screens/edit/${screenId}`],
        ['dashboard-users', '/dashboard/onboarding/users'],
        ['dashboard-users-onboard', '/dashboard/onboarding/users/onboard'],
        ['dashboard-users-edit', `/dashboard/onboarding/users/edit/${userId}`],
        ['dashboard-companies', '/dashboard/onboarding/company'],
        ['dashboard-companies-onboard', '/dashboard/onboarding/company/onboard'],
        ['dashboard-companies-edit', `/dashboard/onboarding/company/edit/${companyId}`],
        ['dashboard-outlets', '/dashboard/onboarding/outlet'],
        ['dashboard-outlets-onboard', '/dashboard/onboarding/outlet/onboard'],
        ['dashboard-outlets-edit', `/dashboard/onboarding/outlet/edit/${outletId}`],
        ['dashboard-settings', '/dashboard/settings'],
      ];
      await signInAs(page, request, '/dashboard');
      for (const [name, path] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
        await shoot(page, name, width);
      }

      await page.goto('/dashboard/ads/create');
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await expect(page.locator('[data-slot="form-message"]').first()).toBeVisible();
      await shoot(page, 'dashboard-ads-create-invalid', width);

      await page.goto('/dashboard/screens');
      await page.getByRole('button', { name: 'Actions for DEMO-SCREEN-01' }).click();
      await expect(page.getByRole('menuitem', { name: 'Reset passcode' })).toBeVisible();
      await shoot(page, 'dashboard-screens-menu', width);
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await shoot(page, 'dashboard-screens-confirm', width);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await page.goto('/dashboard/ads');
      await expect(page.getByRole('table', { name: 'Ads' }).or(page.getByRole('list', { name: 'Ads' }))).toBeVisible();
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
      await expect(page.locator('html')).toHaveClass(/dark/);
      await shoot(page, 'dashboard-ads-dark', width);
      await page.evaluate(() => localStorage.removeItem('theme'));
    });
  });
}
