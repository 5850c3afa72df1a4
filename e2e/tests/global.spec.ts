import { expect, test } from '@playwright/test';

test.describe('global behaviour', () => {
  test('an unknown top-level path shows the 404 page, and Go Back returns', async ({ page }) => {
    await page.goto('/pricing');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('The page "/no-such-page" was not found.')).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('footer pages the product does not have yet show the 404 page', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByText('The page "/privacy" was not found.')).toBeVisible();
  });

  test('going offline shows the full-screen notice; coming back removes it', async ({ page, context }) => {
    await page.goto('/pricing');
    await context.setOffline(true);
    const notice = page.getByRole('alertdialog');
    await expect(notice.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(notice).toContainText(/check your internet connection/i);
    await expect(notice).toContainText(/Wi-Fi/);
    await expect(notice.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await context.setOffline(false);
    await expect(notice).toBeHidden();
  });

  test('a request that gets no response shows the No Response toast', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('No Response');
    await expect(toast).toContainText('Server did not respond. Please check your connection.');
  });

  test('a server error shows the catalogue title and the body message, then closes', async ({ page }) => {
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Down for maintenance', code: 'INTERNAL' }),
      }),
    );
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Error 503');
    await expect(toast).toContainText('Down for maintenance');
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top');
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-x-position', 'center');
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(toast).toBeHidden();
  });
});
