import { expect, test } from '@playwright/test';
import { holdAnswers } from '../support/hold.ts';
import { signInAs } from '../support/session.ts';

// The dashboard's document asks for the session check and the home's figures beside the app's
// code, and the app takes those answers instead of asking again (decision 096).
test.describe('the dashboard asks before its code has run', () => {
  test('the session check and the summary go out with the app held back, and the app uses their answers', async ({
    page,
    request,
  }) => {
    const asked: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname === '/api/auth/verify' || pathname === '/api/dashboard/summary') {
        asked.push(`${sent.method()} ${pathname}`);
      }
    });
    // Every script but the early requests' own and the bundler's runtime it imports (1 kB).
    const release = await holdAnswers(page, /\/assets\/(?!early-|rolldown-runtime-)[^/]+\.js$/);
    const signedIn = signInAs(page, request, '/dashboard');
    await expect.poll(() => [...asked].sort()).toEqual(['GET /api/dashboard/summary', 'POST /api/auth/verify']);
    await expect(page.locator('#root')).toBeEmpty();
    release();
    await signedIn;
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
    // The check is made once per load: the app took the answer started early.
    expect(asked.filter((sent) => sent === 'POST /api/auth/verify')).toHaveLength(1);
  });

  test('a visitor without a stored session asks nothing early and is sent to sign in', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith('/api/')) asked.push(new URL(sent.url()).pathname);
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(asked).not.toContain('/api/auth/verify');
    expect(asked).not.toContain('/api/dashboard/summary');
  });

  test('only the home’s document carries the early requests', async ({ request }) => {
    expect(await (await request.get('/dashboard')).text()).toMatch(/<script type="module" async[^>]+early-/);
    expect(await (await request.get('/dashboard/ads')).text()).not.toContain('early-');
    expect(await (await request.get('/')).text()).not.toContain('early-');
  });
});
