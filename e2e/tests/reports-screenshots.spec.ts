import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { authenticateScreen } from '../support/display.ts';
import { DEMO_SCREEN, E2E_ORIGIN } from '../support/env.ts';
import { bearer, tokenOf, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

/** Screenshots of every report and billing page at phone and desktop widths, over a week of demo plays. */

const DAY_MS = 24 * 60 * 60_000;

/** A week of plays on the demo screen, its comings and goings, two transactions and a payout. */
async function seed(request: APIRequestContext) {
  const token = await tokenOf(request);
  const ads = (
    await (await request.get('/api/ads', { headers: bearer(token), params: { status: 'ACTIVE', pageSize: 5 } })).json()
  ).data as Array<{ id: string; company_id: string; title: string }>;
  const session = await authenticateScreen(request);
  const now = Date.now();
  const logs = Array.from({ length: 180 }, (_, index) => {
    const ad = ads[index % ads.length]!;
    // More plays on recent days, so the chart has a shape.
    const at = new Date(now - Math.floor(6.5 * (index / 180) ** 2 * DAY_MS) - (index % 7) * 60_000);
    return {
      id: randomUUID(),
      ad_id: ad.id,
      screen_id: session.screen_id,
      company_id: ad.company_id,
      outlet_id: session.outlet.id,
      play_date: at.toISOString().slice(0, 10),
      play_time: at.toISOString().slice(11, 19),
      play_count: 1,
      played_at: at.toISOString(),
      additional_info: { ad_title: ad.title, ad_duration: 5, screen_code: session.screen_code },
    };
  });
  const screenHeaders = bearer(session.access_token);
  expect((await request.post('/api/playback-logs/log', { headers: screenHeaders, data: { logs } })).ok()).toBeTruthy();
  const activity = () => ({
    screen_id: session.screen_id,
    outlet_id: session.outlet.id,
    activity_date: new Date().toISOString().slice(0, 10),
    activity_time: new Date().toISOString().slice(11, 19),
    additional_info: { screen_code: DEMO_SCREEN.screenCode },
  });
  for (const kind of ['online', 'heartbeat', 'heartbeat', 'offline', 'online', 'heartbeat']) {
    await request.post(`/api/screen-activity/${kind}`, { headers: screenHeaders, data: activity() });
  }
  const companyId = ads[0]!.company_id;
  for (const [amount_minor, status] of [
    [2_500_000, 'COMPLETED'],
    [1_250_050, 'PENDING'],
  ] as const) {
    const created = await request.post('/api/ad-transaction', {
      headers: bearer(token),
      data: {
        company_id: companyId,
        amount_minor,
        method: 'BANK_TRANSFER',
        reference: `UTR-${unique().toUpperCase()}`,
        status,
        transacted_at: new Date(now - DAY_MS).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const periodEnd = new Date(now - DAY_MS).toISOString().slice(0, 10);
  const periodStart = new Date(now - 7 * DAY_MS).toISOString().slice(0, 10);
  const payout = await request.post('/api/screen-payout', {
    headers: bearer(token),
    data: {
      screen_id: session.screen_id,
      period_start: periodStart,
      period_end: periodEnd,
      reference: 'PAYOUT-DEMO',
    },
  });
  // 409 when an earlier run of this file already made it: the page has its row either way.
  expect([201, 409]).toContain(payout.status());
}

async function settle(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  // Fonts and charts lay out after the data arrives.
  await page.waitForTimeout(300);
}

/** A full-page shot from the top, so the sticky header sits where it belongs. */
async function shootTop(page: Page, name: string, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name, width);
}

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: E2E_ORIGIN });
  await seed(request);
  await request.dispose();
});

for (const width of [390, 1440] as const) {
  test.describe(`report pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 720 ? 844 : 900 } });

    test('analytics, logs, activity and billing', async ({ page, request }) => {
      test.setTimeout(90_000);
      await signInAs(page, request, '/dashboard');
      const heading = (name: string) => async (p: Page) => {
        await expect(p.getByRole('heading', { level: 1, name })).toBeVisible();
      };

      await settle(page, '/dashboard/analytics', async (p) => {
        await expect(p.getByRole('table', { name: 'Plays per day' })).toBeVisible();
      });
      await shoot(page, 'reports-analytics', width);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForTimeout(200);
      await shoot(page, 'reports-analytics-dark', width);
      await page.emulateMedia({ colorScheme: 'light' });

      await settle(page, '/dashboard/playback-logs', async (p) => {
        await expect(p.getByText(/^Showing \d+ plays/)).toBeVisible();
      });
      await shoot(page, 'reports-playback-logs', width);

      await settle(page, '/dashboard/screen-activity', async (p) => {
        await expect(p.getByRole('table', { name: 'Uptime per screen per day' })).toBeVisible();
        // Other suites' screens never connected; the demo screen has a history to show.
        await p
          .getByRole('combobox', { name: 'Screen' })
          .selectOption({ label: 'DEMO-SCREEN-01 · Brewline Demo Cafe, Indiranagar' });
        await expect(p.getByRole('list', { name: 'Timeline' })).toBeVisible();
      });
      await shoot(page, 'reports-screen-activity', width);

      await settle(page, '/dashboard/billing/transactions', async (p) => {
        await expect(p.getByText(/^Showing 1–/)).toBeVisible();
      });
      await shoot(page, 'reports-transactions', width);

      await settle(page, '/dashboard/billing/transactions/add', heading('Add ad transaction'));
      await shoot(page, 'reports-transactions-add', width);

      await settle(page, '/dashboard/billing/payouts', async (p) => {
        await expect(p.getByText(/^Showing 1–/)).toBeVisible();
      });
      await shoot(page, 'reports-payouts', width);

      await settle(page, '/dashboard/billing/payouts/add', heading('Add screen payout'));
      await page.getByRole('combobox', { name: 'Outlet' }).click();
      await page.getByRole('textbox', { name: 'Search outlets…' }).fill('Brewline Demo');
      await page
        .getByRole('option', { name: /Brewline Demo/ })
        .first()
        .click();
      await page.getByRole('button', { name: /^Date range:/ }).click();
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Proposed payout' })).toContainText('Already paid');
      await expect(page.getByRole('region', { name: 'Proposed payout' })).toHaveAttribute('aria-busy', 'false');
      await shootTop(page, 'reports-payouts-add', width);
    });
  });
}
