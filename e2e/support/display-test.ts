import { test as base, type Page } from '@playwright/test';
import { type AdSpec, playOnly } from './display.ts';

type AdSet = Awaited<ReturnType<typeof playOnly>>;

/**
 * The display tests' `test`: `adSet(specs)` makes the demo screen play exactly those ads, and
 * puts the ad set back as it was when the test ends, passed, failed or timed out.
 */
export const test = base.extend<{ adSet: (specs: readonly AdSpec[]) => Promise<AdSet> }>({
  adSet: async ({ request }, use) => {
    const sets: AdSet[] = [];
    await use(async (specs) => {
      const set = await playOnly(request, specs);
      sets.push(set);
      return set;
    });
    for (const set of sets.reverse()) await set.restore();
  },
});

export { expect } from '@playwright/test';

let pointer = 0;

/** Moves the mouse, as a viewer would, so the idle overlay shows its controls. */
export async function showControls(page: Page) {
  pointer = (pointer + 1) % 2;
  await page.mouse.move(300 + pointer * 40, 300);
}

/**
 * The display tests that cut, throttle or hold back requests: the player's service worker would
 * answer past them, so it is blocked (display-offline tests the worker itself).
 */
export const testWithoutServiceWorker = test.extend({ serviceWorkers: 'block' });
