import { expect, type Locator, type Page, test } from '@playwright/test';

/** Chunks of the dashboard and its pages: none belongs on a public page or the screen connect page. */
const DASHBOARD_CODE = /dashboard|ads-page|screens-page|analytics|billing|onboarding|settings|takeovers|playback-logs/i;

/**
 * Code every page asks for after its first paint, on purpose (decision 101): the toasts, the menus,
 * the popover, the phone's sheet and the tooltips. No other script may be missing from a document.
 */
const AFTER_FIRST_PAINT = /^\/assets\/(sonner|dropdown-menu|popover|sheet|tooltip)-[\w-]+\.js$/;

/** The public pages (decision 046), each with something that shows once it has rendered. */
const PAGES: { path: string; rendered: (page: Page) => Locator }[] = [
  { path: '/', rendered: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/pricing', rendered: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/login', rendered: (page) => page.getByRole('button', { name: 'Sign in' }) },
  { path: '/ad/screen', rendered: (page) => page.getByRole('button', { name: 'Start Displaying Ads' }) },
];

test.describe('first load of a public page', () => {
  for (const { path, rendered } of PAGES) {
    test(`${path} comes compressed, names all its code in its HTML and loads no dashboard code`, async ({ page }) => {
      const scripts = new Map<string, Promise<{ encoding?: string; bytes: number }>>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const received = Promise.all([response.allHeaders(), response.body()]).then(([headers, body]) => ({
          encoding: headers['content-encoding'],
          bytes: body.length,
        }));
        scripts.set(new URL(response.url()).pathname, received);
      });
      const document = await page.goto(path);
      expect(document?.headers()['content-encoding']).toBe('br');
      const html = (await document?.text()) ?? '';
      await expect(rendered(page)).toBeVisible();
      await page.waitForLoadState('networkidle');

      const paths = [...scripts.keys()];
      expect(paths.length).toBeGreaterThan(0);
      // Every script over 1 kB (the build leaves smaller ones as they are) arrives brotli-compressed.
      const received = await Promise.all(paths.map(async (script) => ({ script, ...(await scripts.get(script)!) })));
      expect(received.filter(({ encoding, bytes }) => bytes >= 1024 && encoding !== 'br')).toEqual([]);
      expect(received.filter(({ encoding }) => encoding === 'br').length).toBeGreaterThan(0);
      // The page's own code is preloaded by its document: no script waits for another to run first,
      // but for the code that comes after the first paint, which the page never names.
      const unnamed = paths.filter((script) => !html.includes(`"${script}"`));
      expect(unnamed.filter((script) => !AFTER_FIRST_PAINT.test(script))).toEqual([]);
      expect(paths.filter((script) => DASHBOARD_CODE.test(script))).toEqual([]);
    });
  }

  test("the screens' service worker precaches the player, not the dashboard", async ({ request }) => {
    const worker = await (await request.get('/sw.js')).text();
    const precached = [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
    // The player's own document (decision 081), which the worker answers the player's paths with offline.
    expect(precached).toEqual(expect.arrayContaining(['screen.html']));
    expect(precached).not.toContain('index.html');
    expect(precached.filter((url) => /display-page|screen-connect-page/.test(url))).toHaveLength(2);
    expect(
      precached.filter((url) => DASHBOARD_CODE.test(url) || /login-page|landing-page|pricing-page/.test(url)),
    ).toEqual([]);
  });

  test('robots.txt is a robots file, not the app', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('Disallow: /dashboard');
    expect(text).not.toContain('<div id="root">');
  });
});
