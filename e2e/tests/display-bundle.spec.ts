import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { caption, openDisplay } from '../support/display.ts';

const BUDGET_BYTES = 150 * 1000;
/** Chunks of the dashboard, the staff session, the marketing pages and zod: none belongs on a screen. */
const NOT_FOR_SCREENS =
  /dashboard|staff|login|auth|landing|pricing|ads-page|screens-page|analytics|billing|onboarding|settings|zod|schemas/i;

test.describe('display bundle', () => {
  test('the display loads under 150 kB of JavaScript (gzip) and no dashboard code', async ({ page, request }) => {
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/assets/')) {
        scripts.set(response.url(), response.body());
      }
    });
    await openDisplay(page, request);
    await expect(caption(page)).toBeVisible();
    // Not networkidle: the event stream stays open. Anything loaded later would come within this.
    await page.waitForTimeout(2_000);

    let total = 0;
    const files: string[] = [];
    for (const [url, body] of scripts) {
      const gzip = gzipSync(await body, { level: 9 }).length;
      total += gzip;
      files.push(`${new URL(url).pathname} ${(gzip / 1000).toFixed(1)} kB`);
    }
    test.info().annotations.push({ type: 'display JS (gzip)', description: `${(total / 1000).toFixed(1)} kB` });
    console.log(`display JS: ${(total / 1000).toFixed(1)} kB gzip\n  ${files.join('\n  ')}`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThan(BUDGET_BYTES);
    expect([...scripts.keys()].filter((url) => NOT_FOR_SCREENS.test(new URL(url).pathname))).toEqual([]);
  });
});
