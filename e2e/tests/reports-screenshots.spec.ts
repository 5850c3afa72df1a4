import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { settleAnimations } from '../support/a11y.ts';
import { authenticateScreen } from '../support/display.ts';
import { DEMO_SCREEN, E2E_ORIGIN } from '../support/env.ts';
import { bearer, tokenOf, unique } from '../support/factories.ts';
import {
  choosePeriod,
  expectedPayout,
  lastPayableOutletDay,
  payableScreenWithPlays,
  shiftDay,
} from '../support/payouts.ts';
import {
  DEMO_OUTLET_ZONE,
  play,
  playMs,
  postPlays,
  type ServedAd,
  screenCreatedAt,
  servedAds,
  shortestAd,
  waitUntil,
} from '../support/plays.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

/** Screenshots of every report and billing page at phone and desktop widths, over a week of demo plays. */

const DAY_MS = 24 * 60 * 60_000;

/** The outlet the seed pays; a new one each run, so its payout is always made. */
const PAYOUT_OUTLET = `Chai Corner, Koramangala ${unique()}`;

/** How many plays the seed posts: enough for the charts and tables to have rows. */
const PLAYS = 24;

type Interval = { start: number; end: number };

/** The demo screen's stored plays from `from` on, each as the time it took on the screen. */
async function busyTimes(request: APIRequestContext, token: string, screenId: string, from: number) {
  const plays: Array<{ ad_id: string; played_at: string; play_count: number }> = [];
  let cursor: string | null = null;
  do {
    const response: APIResponse = await request.get('/api/playback-logs', {
      headers: bearer(token),
      params: { screen_id: screenId, from: new Date(from).toISOString(), limit: 500, ...(cursor ? { cursor } : {}) },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
    const body: { data: typeof plays; meta: { nextCursor: string | null } } = await response.json();
    plays.push(...body.data);
    cursor = body.meta.nextCursor;
  } while (cursor);
  // A play of an A/B variant takes the variant's time (a variant without a duration an image's
  // default), as the server counts it; the log does not say which variant played, so each of an
  // ad's plays counts as long as its longest creative.
  const durations = new Map<string, number>();
  for (const adId of new Set(plays.map((row) => row.ad_id))) {
    const response = await request.get(`/api/ads/${adId}`, { headers: bearer(token) });
    expect(response.ok(), await response.text()).toBeTruthy();
    const variants = await request.get(`/api/ads/${adId}/variants`, { headers: bearer(token) });
    expect(variants.ok(), await variants.text()).toBeTruthy();
    const creatives: Array<Parameters<typeof playMs>[0]> = [
      (await response.json()).data,
      ...(await variants.json()).data,
    ];
    durations.set(adId, Math.max(...creatives.map(playMs)));
  }
  return plays.map((row): Interval => {
    const end = Date.parse(row.played_at);
    return { start: end - durations.get(row.ad_id)! * row.play_count, end };
  });
}

/**
 * Plays on the demo screen, its comings and goings, two transactions and a payout. The plays are
 * honest (decision 036): ads the screen was just handed (each at least once, the shortest most
 * often, so they fit), back to back in the last minutes since the screen and the ads existed,
 * clear of plays other suites left on the screen; the rest, if the server started only just,
 * after now, waited for.
 */
async function seed(request: APIRequestContext) {
  const token = await tokenOf(request);
  const session = await authenticateScreen(request);
  // Ads that play at any hour, so playing them now is what the screen would do.
  const served = (await servedAds(request, session.access_token)).filter(
    ({ schedule }) =>
      !schedule?.start_time &&
      !schedule?.end_time &&
      (!schedule?.days_of_week.length || schedule.days_of_week.length === 7),
  );
  const listed = await request.get('/api/ads', { headers: bearer(token), params: { status: 'ACTIVE', pageSize: 100 } });
  expect(listed.ok(), await listed.text()).toBeTruthy();
  const createdOf = new Map(
    ((await listed.json()).data as Array<{ id: string; created_at: string }>).map((ad) => [ad.id, ad.created_at]),
  );
  const ads = served.filter((ad) => createdOf.has(ad.id));
  const shortest = shortestAd(ads);
  const now = Date.now();
  // The list just handed holds within 5 minutes of now; no play before the screen or its ads.
  const floor = Math.max(
    await screenCreatedAt(request, token, DEMO_SCREEN.screenCode),
    now - 4 * 60_000,
    ...ads.map((ad) => Date.parse(createdOf.get(ad.id)!)),
  );
  const busy = await busyTimes(request, token, session.screen_id, floor - 15 * 60_000);
  const order = Array.from({ length: PLAYS }, (_, index) =>
    index % 4 === 0 ? ads[(index / 4) % ads.length]! : shortest,
  );
  const placed: Array<{ ad: ServedAd; end: number }> = [];
  // Back from now while there is room, then on from now.
  let cursor = now;
  let next = 0;
  while (next < order.length) {
    const ms = playMs(order[next]!);
    if (cursor - ms < floor) break;
    const other = busy.find((interval) => cursor - ms < interval.end && interval.start < cursor);
    if (other) {
      cursor = other.start;
      continue;
    }
    placed.push({ ad: order[next]!, end: cursor });
    busy.push({ start: cursor - ms, end: cursor });
    cursor -= ms;
    next += 1;
  }
  cursor = now;
  while (next < order.length) {
    const ms = playMs(order[next]!);
    const other = busy.find((interval) => cursor < interval.end && interval.start < cursor + ms);
    if (other) {
      cursor = other.end;
      continue;
    }
    placed.push({ ad: order[next]!, end: cursor + ms });
    busy.push({ start: cursor, end: cursor + ms });
    cursor += ms;
    next += 1;
  }
  // A payout pays only days before its outlet's today (decision 050), and the demo's plays are
  // today's: the payout on the page is an outlet's whose screen already has past days to pay. Its
  // screen plays while the demo screen's plays run.
  const [payable] = await Promise.all([
    payableScreenWithPlays(request, token, 4, { name: PAYOUT_OUTLET }),
    waitUntil(Math.max(...placed.map(({ end }) => end))),
  ]);
  const playing = {
    screen_id: session.screen_id,
    outlet_id: session.outlet.id,
    screen_code: session.screen_code,
    timezone: DEMO_OUTLET_ZONE,
  };
  const logs = placed.map(({ ad, end }) => play(ad, playing, new Date(end)));
  const screenHeaders = bearer(session.access_token);
  await postPlays(request, session.access_token, logs);
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
  const lastDay = lastPayableOutletDay();
  const payout = await request.post('/api/screen-payout', {
    headers: bearer(token),
    data: {
      outlet_id: payable.outlet.id,
      period_start: shiftDay(lastDay, -6),
      period_end: lastDay,
      reference: 'PAYOUT-DEMO',
    },
  });
  expect(payout.status(), await payout.text()).toBe(201);
  expect((await payout.json()).data.map((paid: { amount_minor: number }) => paid.amount_minor)).toEqual([
    expectedPayout(payable.prices).amountMinor,
  ]);
}

async function settle(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  // Fonts and charts lay out after the data arrives.
  await page.evaluate(() => document.fonts.ready);
  await settleAnimations(page);
}

/** A full-page shot from the top, so the sticky header sits where it belongs. */
async function shootTop(page: Page, name: string, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name, width);
}

test.beforeAll(async () => {
  // A server started just now has had no time for the plays: the seed waits for them to end, some
  // two minutes of them when the spec runs alone.
  test.setTimeout(180_000);
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
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await settleAnimations(page);
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
      await page.getByRole('textbox', { name: 'Search outlets…' }).fill(PAYOUT_OUTLET);
      await page.getByRole('option', { name: new RegExp(PAYOUT_OUTLET) }).click();
      await expect(page.getByRole('option', { name: new RegExp(PAYOUT_OUTLET) })).toBeHidden();
      await choosePeriod(page, shiftDay(lastPayableOutletDay(), -6), lastPayableOutletDay());
      await expect(page.getByRole('region', { name: 'Proposed payout' })).toContainText('Already paid');
      await expect(page.getByRole('button', { name: 'Create payout' })).toBeDisabled();
      await expect(page.getByRole('region', { name: 'Proposed payout' })).toHaveAttribute('aria-busy', 'false');
      await shootTop(page, 'reports-payouts-add', width);
    });
  });
}
