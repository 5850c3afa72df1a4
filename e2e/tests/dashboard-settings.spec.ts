import { expect, test } from '@playwright/test';
import { companyWithStaff, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';

test.describe('settings', () => {
  test('profile, password and theme of a signed-in user', async ({ page, request }) => {
    const { staff } = await companyWithStaff(request, 'COMPANY_EMPLOYEE');
    const newName = `Meera ${unique()}`;

    await signInAs(page, request, '/dashboard/settings', staff.login);
    await test.step('profile', async () => {
      await page.getByLabel('Full name').fill('');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await page.getByLabel('Full name').fill(newName);
      await page.getByLabel('Phone').fill('12');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Phone number must be 7-20 digits, spaces or dashes')).toBeVisible();
      await page.getByLabel('Phone').fill('+91 98450 12345');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Profile saved')).toBeVisible();
      // The sidebar shows the signed-in user from the same session, so it changes at once.
      await expect(page.getByRole('button', { name: `Account menu for ${newName}` })).toBeVisible();
    });

    await test.step('password', async () => {
      await page.getByLabel('Current password').fill('wrong-password');
      await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
      await page.getByLabel('Confirm new password').fill('brand-new-pass');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(
        page.locator('[data-slot="form-message"]').filter({ hasText: 'Current password is incorrect' }),
      ).toBeVisible();
      await page.getByLabel('Current password').fill(staff.login.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Password changed')).toBeVisible();
      const oldLogin = await request.post('/api/auth/login', { data: staff.login });
      expect(oldLogin.status()).toBe(401);
      const newLogin = await request.post('/api/auth/login', {
        data: { email: staff.login.email, password: 'brand-new-pass' },
      });
      expect(newLogin.ok()).toBeTruthy();
    });

    await test.step('theme', async () => {
      const html = page.locator('html');
      await page.getByRole('radio', { name: /Dark/ }).check({ force: true });
      await expect(html).toHaveClass(/dark/);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await page.reload();
      await expect(html).toHaveClass(/dark/);
      await page.getByRole('radio', { name: /Light/ }).check({ force: true });
      await expect(html).not.toHaveClass(/dark/);
      await page.getByRole('radio', { name: /System/ }).check({ force: true });
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    });
  });

  test('with no stored choice the dashboard follows the device’s colour scheme', async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInAs(page, request, '/dashboard/settings');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});
