import { expect, type Page } from '@playwright/test';

/**
 * A full-page screenshot into test-results/screenshots/, after checking that nothing sticks
 * out sideways (a phone must never scroll horizontally).
 */
export async function shoot(page: Page, name: string, width: number) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${width}px overflows by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
}
