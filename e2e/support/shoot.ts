import { expect, type Page } from '@playwright/test';

/**
 * A full-page screenshot into test-results/screenshots/, after checking that nothing sticks
 * out sideways (a phone must never scroll horizontally).
 */
export async function shoot(page: Page, name: string, width: number) {
  // Charts and tables lay out again a frame or two after the viewport changes: wait for it.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${name} at ${width}px overflows sideways (px)`,
    })
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
}
