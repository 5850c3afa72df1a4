import type { Page } from '@playwright/test';

/**
 * Holds back the answers to requests matching `url` until `release()` is called, so a test can
 * see what the app shows while it waits; each answer is then the server's own.
 */
export async function holdAnswers(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
