import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../support/session.ts';

const widths = [390, 1440] as const;

async function shoot(page: Page, name: string, width: number) {
  // Nothing may stick out sideways at any width (a phone must never scroll horizontally).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${width}px overflows by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 720 ? 844 : 900 } });

    test('public pages', async ({ page }) => {
      for (const [name, path] of [
        ['landing', '/'],
        ['pricing', '/pricing'],
        ['login', '/login'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await shoot(page, name, width);
      }
    });

    test('dashboard home', async ({ page, request }) => {
      await signInAs(page, request, '/dashboard');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await shoot(page, 'dashboard', width);
    });
  });
}
