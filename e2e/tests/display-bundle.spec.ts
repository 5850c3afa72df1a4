import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { caption, openDisplay } from '../support/display.ts';
import { DEMO_SCREEN } from '../support/env.ts';

/** A kiosk that boots with its stored session (decision 081): its JavaScript as it crossed the network. */
const BOOT_BUDGET_BYTES = 100 * 1000;
/** A new screen's first connect: the connect page, then the display it opens. */
const FIRST_CONNECT_BUDGET_BYTES = 130 * 1000;
/** Chunks of the dashboard, the staff session, the marketing pages and zod: none belongs on a screen. */
const NOT_FOR_SCREENS =
  /dashboard|staff|login|auth|landing|pricing|ads-page|screens-page|analytics|billing|onboarding|settings|zod|schemas/i;
/** Text each library keeps through minification: the web app's router, query cache, schemas and UI kit. */
const LIBRARIES = {
  'React Router': 'may be used only in the context of a <Router>',
  'TanStack Query': 'No QueryClient set',
  zod: '$ZodType',
  Radix: 'radix',
};

type Script = { path: string; wire: number; gzip: number; body: string };

/** Every script of the app's the page loads, with its bytes on the wire (body as sent, and headers). */
function recordScripts(page: Page) {
  const scripts = new Map<string, Promise<Script>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' || !url.pathname.startsWith('/assets/')) return;
    scripts.set(
      url.pathname,
      Promise.all([response.request().sizes(), response.body()]).then(([sizes, body]) => ({
        path: url.pathname,
        wire: sizes.responseBodySize + sizes.responseHeadersSize,
        gzip: gzipSync(body, { level: 9 }).length,
        body: body.toString('utf8'),
      })),
    );
  });
  return async () => {
    // Not networkidle: the event stream stays open. Anything loaded later would come within this.
    await page.waitForTimeout(2_000);
    const loaded = await Promise.all(scripts.values());
    const total = (key: 'wire' | 'gzip') => loaded.reduce((sum, script) => sum + script[key], 0);
    return { loaded, wire: total('wire'), gzip: total('gzip') };
  };
}

function report(flow: string, { loaded, wire, gzip }: Awaited<ReturnType<ReturnType<typeof recordScripts>>>) {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  test.info().annotations.push({ type: `${flow} JS`, description: `${kB(wire)} on the wire, ${kB(gzip)} gzip` });
  const files = loaded.map((script) => `${script.path} ${kB(script.wire)} (gzip ${kB(script.gzip)})`);
  console.log(
    `${flow} JS: ${kB(wire)} on the wire (gzip ${kB(gzip)}), ${loaded.length} files\n  ${files.join('\n  ')}`,
  );
}

/** The document's entry script: which of the two documents, the web app's or the player's, is loaded. */
function entryScript(page: Page) {
  return page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src);
}

function librariesIn(scripts: Script[], names: (keyof typeof LIBRARIES)[]) {
  return names.filter((name) => scripts.some((script) => script.body.includes(LIBRARIES[name])));
}

test.describe('display bundle', () => {
  test('a kiosk boots with its stored session on under 100 kB of JavaScript, none of the web app', async ({
    page,
    request,
  }) => {
    const scripts = recordScripts(page);
    await openDisplay(page, request);
    await expect(caption(page)).toBeVisible();
    const boot = await scripts();
    report('boot with a stored session', boot);

    expect(boot.loaded.length).toBeGreaterThan(0);
    expect(boot.wire).toBeLessThan(BOOT_BUDGET_BYTES);
    expect(boot.loaded.map((script) => script.path).filter((path) => NOT_FOR_SCREENS.test(path))).toEqual([]);
    expect(librariesIn(boot.loaded, ['React Router', 'TanStack Query', 'zod', 'Radix'])).toEqual([]);
  });

  test("a new screen's first connect, form and display, takes under 130 kB of JavaScript", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/ad/screen');
    await page.getByLabel('Screen ID').fill(DEMO_SCREEN.screenCode);
    await page.getByLabel('Passcode').fill(DEMO_SCREEN.passcode);
    await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
    await expect(caption(page)).toBeVisible();
    const firstConnect = await scripts();
    report('first connect', firstConnect);

    expect(firstConnect.wire).toBeLessThan(FIRST_CONNECT_BUDGET_BYTES);
    expect(firstConnect.loaded.map((script) => script.path).filter((path) => NOT_FOR_SCREENS.test(path))).toEqual([]);
    expect(librariesIn(firstConnect.loaded, ['React Router', 'TanStack Query', 'zod'])).toEqual([]);
  });

  test("a link from the web app loads the player's own document", async ({ page }) => {
    await page.goto('/');
    const webAppEntry = await entryScript(page);
    await page.getByRole('banner').getByRole('link', { name: 'Ad Screens' }).click();
    await expect(page.getByRole('button', { name: 'Start Displaying Ads' })).toBeVisible();
    await expect(page).toHaveURL(/\/ad\/screen$/);
    expect(await entryScript(page)).not.toBe(webAppEntry);
  });
});
