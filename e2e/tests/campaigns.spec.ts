import { DEFAULT_ON_AIR } from '@adloop/contract/inventory';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { listAds, openDisplay, playsOf } from '../support/display.ts';
import { showControls } from '../support/display-test.ts';
import { bearer, createCompany, createScreen, createStaff, tokenOf, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

const SPOT_SECONDS = 10;
/** A new screen without history is forecast on air 08:00–22:00 at 90 %: whole 10-second plays in an hour. */
const PLAYS_AN_HOUR = Math.floor((3600 * DEFAULT_ON_AIR.fraction) / SPOT_SECONDS);
/** The demo rate card's STANDARD price of a play outside its peaks (e2e/support/payouts.ts), in paise. */
const OFF_PEAK_PRICE = 150;

/** Zones 4–6 hours apart: at any instant one of them is in its daytime. */
const ZONES = ['Asia/Tokyo', 'Asia/Kolkata', 'Europe/London', 'America/New_York', 'Pacific/Honolulu'];

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

async function created<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: bearer(token), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return (await response.json()).data;
}

/**
 * An advertiser with ₹1,00,000 paid, an approved ad and a company admin; and an outlet of its own
 * tag with one new screen, so the flight's inventory is this test's alone.
 */
async function seedAdvertiser(request: APIRequestContext) {
  const admin = await tokenOf(request);
  const company = await createCompany(request, admin);
  const tag = `e2e-${unique()}`;
  const outlet = await created<{ id: string }>(request, admin, '/api/outlets', {
    name: `E2E Campaign Outlet ${unique()}`,
    outlet_code: `E2E-${unique().toUpperCase()}`,
    city: 'Bengaluru',
    pincode: '560038',
    tier: 'STANDARD',
    tags: [tag],
  });
  await createScreen(request, admin, outlet.id);
  await created(request, admin, '/api/ad-transaction', {
    company_id: company.id,
    amount_minor: 10_000_000,
    method: 'UPI',
    status: 'COMPLETED',
    transacted_at: new Date().toISOString(),
  });
  const ad = await created<{ id: string; title: string }>(request, admin, '/api/ads', {
    company_id: company.id,
    title: `Filter coffee ${unique()}`,
    type: 'IMAGE',
    media_url: '/media/not-there.jpg',
    duration_seconds: SPOT_SECONDS,
    status: 'ACTIVE',
  });
  const companyAdmin = await createStaff(request, admin, 'COMPANY_ADMIN', { company_id: company.id });
  return { tag, ad, companyAdmin };
}

test.describe('campaigns', () => {
  test('a company admin plans a campaign against the heat map and its quote, books it, and sees what it booked per day', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { tag, ad, companyAdmin } = await seedAdvertiser(request);
    const name = `Morning coffee ${unique()}`;

    await signInAs(page, request, '/dashboard/campaigns', companyAdmin.login);
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
    await expect(page.getByText('No campaigns yet')).toBeVisible();
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/campaigns\/new$/);

    await test.step('the form: campaign, flight and goal, where and when, creatives', async () => {
      await page.getByLabel('Campaign name').fill(name);
      await page.getByLabel('Budget cap (optional)').fill('5,000.50');
      await page.getByLabel('Plays to buy').fill('500');
      await page.getByLabel('Tags').fill(tag);
      await page.getByLabel('Tags').press('Enter');
      await page.getByLabel('From (local time)').fill('10:00');
      await page.getByLabel('Until (local time)').fill('12:00');
      await page.getByLabel('Ads').click();
      await page.getByRole('option', { name: ad.title }).click();
      await page.keyboard.press('Escape');
    });

    await test.step('the heat map counts the plays open in each daypart hour of the one screen reached', async () => {
      const totals = page.getByTestId('availability-totals');
      await expect(totals).toContainText('1 screen in 1 outlet');
      // 7 days × 2 hours (10:00–12:00) of one screen.
      await expect(totals).toContainText(`${(7 * 2 * PLAYS_AN_HOUR).toLocaleString('en-IN')} plays`);
      const cells = page.getByRole('cell', { name: `${PLAYS_AN_HOUR} plays available`, exact: true });
      await expect(cells).toHaveCount(7 * 2);
      await expect(page.getByRole('cell', { name: 'outside the dayparts' })).toHaveCount(7 * 22);
    });

    await test.step('saving the draft prices it; an edit is saved and priced again', async () => {
      await page.getByRole('button', { name: 'Save draft and get a price' }).click();
      await expect(page.getByText('Draft saved', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/campaigns\/edit\/[0-9a-f-]+$/);
      const quote = page.getByTestId('campaign-quote');
      await expect(quote).toContainText(rupees.format((500 * OFF_PEAK_PRICE) / 100));
      await expect(quote).toContainText('500 plays');
      await expect(quote).toContainText('The whole goal fits what is available.');

      await page.getByLabel('Plays to buy').fill('600');
      await expect(quote).toContainText(rupees.format((600 * OFF_PEAK_PRICE) / 100));
      await expect(quote).toContainText(`${rupees.format(OFF_PEAK_PRICE / 100)}`);
      await expect(page.getByText('Draft saved. The quote is for what you see.')).toBeVisible();
    });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'campaign-booking-form', width);
    }

    await test.step('booking lands on the campaign page, booked, with its plays per day', async () => {
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(page.getByText('Campaign booked')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/campaigns\/[0-9a-f-]+$/);
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
      await expect(page.getByTestId('campaign-status')).toHaveText('Booked');
      await expect(page.getByText(rupees.format((600 * OFF_PEAK_PRICE) / 100)).first()).toBeVisible();

      const days = page.getByTestId('delivery-days');
      await expect(days.getByRole('row')).toHaveCount(1 + 7);
      const booked = await days.locator('tbody tr td:nth-child(2)').allTextContents();
      expect(booked.reduce((sum, plays) => sum + Number(plays.replaceAll(',', '')), 0)).toBe(600);
      await expect(page.getByTestId('delivery-totals')).toContainText('600 plays');
    });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'campaign-page', width);
    }

    await page.goto('/dashboard/campaigns');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Booked')).toBeVisible();
    await expect(row.getByText(rupees.format(500_050 / 100))).toBeVisible();
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'campaigns-list', width);
    }
  });

  test('a campaign flying today plays on its screen within its plan, and its page shows delivery growing', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const admin = await tokenOf(request);
    // An outlet where it is daytime now, inside the hours a new screen is forecast on air.
    const zone = ZONES.find((candidate) => {
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { timeZone: candidate, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
      );
      return hour >= DEFAULT_ON_AIR.from_hour + 1 && hour < DEFAULT_ON_AIR.to_hour - 2;
    })!;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const company = await createCompany(request, admin);
    const outlet = await created<{ id: string }>(request, admin, '/api/outlets', {
      name: `E2E Flight Outlet ${unique()}`,
      outlet_code: `E2E-${unique().toUpperCase()}`,
      city: 'Bengaluru',
      pincode: '560038',
      tier: 'STANDARD',
      timezone: zone,
    });
    const { screen, passcode } = await createScreen(request, admin, outlet.id);
    await created(request, admin, '/api/ad-transaction', {
      company_id: company.id,
      amount_minor: 10_000_000,
      method: 'UPI',
      status: 'COMPLETED',
      transacted_at: new Date().toISOString(),
    });
    // A real image of the demo's (other tests' ads may name files that are not there, and a
    // creative whose image fails to load is skipped, never played).
    let demoImage: { media_url: string } | undefined;
    for (const candidate of await listAds(request, admin)) {
      if (candidate.type !== 'IMAGE' || !candidate.media_url.startsWith('/media/')) continue;
      if ((await request.get(candidate.media_url)).ok()) {
        demoImage = candidate;
        break;
      }
    }
    if (!demoImage) throw new Error('The demo image ad is missing');
    const ad = await created<{ id: string; title: string }>(request, admin, '/api/ads', {
      company_id: company.id,
      title: `Cold brew ${unique()}`,
      type: 'IMAGE',
      media_url: demoImage.media_url,
      duration_seconds: 5,
      status: 'ACTIVE',
      targeting: { outlet_ids: [outlet.id] },
    });
    const companyAdmin = await createStaff(request, admin, 'COMPANY_ADMIN', { company_id: company.id });
    const buyer = await tokenOf(request, companyAdmin.login);
    const campaign = await created<{ id: string }>(request, buyer, '/api/campaigns', { name: `Today ${unique()}` });
    await created(request, buyer, `/api/campaigns/${campaign.id}/line-items`, {
      name: 'Today, as soon as possible',
      starts_on: today,
      ends_on: today,
      goal_kind: 'PLAYS',
      goal_quantity: 40,
      pacing: 'ASAP',
      spot_seconds: SPOT_SECONDS,
      targeting: { outlet_ids: [outlet.id] },
      ad_ids: [ad.id],
    });
    const booked = await request.post(`/api/campaigns/${campaign.id}/book`, { headers: bearer(buyer) });
    expect(booked.status(), await booked.text()).toBe(200);

    // The screen receives the creative with its plan for this hour, and plays it.
    const display = await browser.newPage();
    await openDisplay(display, request, { screenCode: screen.screen_code, passcode });
    // The loop takes its turns: the demo ads come first, each several times, so the viewer skips
    // them (the caption says which ad is playing) until the campaign's creative is on.
    const playing = display.getByText(`- ${ad.title}`);
    await expect(async () => {
      if (await playing.isVisible()) return;
      await showControls(display);
      await display.getByRole('button', { name: 'Skip' }).click();
      await expect(playing).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 120_000 });

    await expect.poll(async () => (await playsOf(request, [ad.id])).length, { timeout: 60_000 }).toBeGreaterThan(0);
    await signInAs(page, request, `/dashboard/campaigns/${campaign.id}`, companyAdmin.login);
    await expect(page.getByTestId('campaign-status')).toHaveText('Delivering');
    const delivered = page.getByTestId('delivery-totals').locator('div').filter({ hasText: 'Delivered' }).locator('dd');
    const count = async () => Number((await delivered.first().textContent())?.replace(/[^0-9]/g, '') || 0);
    await expect.poll(count, { timeout: 60_000 }).toBeGreaterThan(0);
    const first = await count();
    await page.reload();
    await expect.poll(count, { timeout: 60_000 }).toBeGreaterThan(first);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'campaign-delivering', width);
    }
    // Never past its plan: whatever the screen made, the server stored at most goal + 5 %.
    const report = await request.get(`/api/campaigns/${campaign.id}/delivery`, { headers: bearer(buyer) });
    expect((await report.json()).data.totals.delivered_plays).toBeLessThanOrEqual(42);
    await display.close();
  });
  test("a global admin sets a screen's audience from its page, and a company admin buys impressions there at an effective CPM", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await tokenOf(request);
    // The advertiser's own outlet has a screen without an estimate; this outlet's new screen gets one.
    const { tag: unestimatedTag, ad, companyAdmin } = await seedAdvertiser(request);
    const tag = `e2e-audience-${unique()}`;
    const outlet = await created<{ id: string }>(request, admin, '/api/outlets', {
      name: `E2E Audience Outlet ${unique()}`,
      outlet_code: `E2E-${unique().toUpperCase()}`,
      city: 'Bengaluru',
      pincode: '560038',
      tier: 'STANDARD',
      tags: [tag],
    });
    const { screen } = await createScreen(request, admin, outlet.id);

    await test.step('a fresh screen has no estimate; the admin sets 2 a play, 5 a play 10:00–12:00', async () => {
      await page.setViewportSize({ width: 390, height: 900 });
      await signInAs(page, request, `/dashboard/screens/edit/${screen.id}`);
      // The page loads its chunks first: on a busy machine that alone can take longer than an expect waits.
      await page.getByRole('button', { name: 'Set an estimate' }).waitFor();
      const card = page.getByTestId('screen-audience');
      await expect(card).toContainText('No estimate yet: impressions cannot be sold on this screen.');
      await page.getByRole('button', { name: 'Set an estimate' }).click();
      await page.getByRole('button', { name: 'Save estimate' }).click();
      await expect(page.getByText('Say where the estimate comes from')).toBeVisible();

      await page.getByLabel('Source').fill('Door counter, Nov 2026');
      await page.getByLabel('Usual audience').fill('2');
      await page.getByRole('button', { name: 'Add hour range' }).click();
      const range = page.getByTestId('audience-range');
      await range.getByLabel('From (outlet time)').selectOption({ label: '10:00' });
      await range.getByLabel('Until (outlet time)').selectOption({ label: '12:00' });
      await range.getByLabel('Audience then').fill('5');
      await shoot(page, 'screen-audience-form', 390);
      await page.getByRole('button', { name: 'Save estimate' }).click();
      await expect(page.getByText('Audience estimate saved')).toBeVisible();
      await expect(card).toContainText('Door counter, Nov 2026');
      await expect(card.getByRole('row', { name: '10:00–12:00, every day 5 people per play' })).toBeVisible();
      await expect(card.getByRole('row', { name: 'Every other hour 2 people per play' })).toBeVisible();
      await expect(page.getByRole('img', { name: /^Week grid/ })).toBeVisible();
      await expect(page.getByText('Audience estimate saved')).toBeHidden();
    });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'screen-audience', width);
    }

    await test.step('the estimate is what the API now answers', async () => {
      const response = await request.get(`/api/inventory/screens/${screen.id}/audience`, { headers: bearer(admin) });
      expect(response.status()).toBe(200);
      const figures: number[] = (await response.json()).data.impressions_per_play;
      expect(figures[1 * 24 + 10]).toBe(5);
      expect(figures[1 * 24 + 12]).toBe(2);
    });

    await page.context().clearCookies();
    await signInAs(page, request, '/dashboard/campaigns/new', companyAdmin.login);
    await page.getByLabel('Campaign name').waitFor();
    await test.step('an impressions goal over screens without an estimate is refused in the quote, saying why', async () => {
      await page.getByLabel('Campaign name').fill(`Lunch crowd ${unique()}`);
      await page.getByLabel('Goal', { exact: true }).selectOption('IMPRESSIONS');
      await page.getByLabel('Impressions to buy').fill('2000');
      await page.getByLabel('Tags').fill(unestimatedTag);
      await page.getByLabel('Tags').press('Enter');
      await page.getByLabel('From (local time)').fill('10:00');
      await page.getByLabel('Until (local time)').fill('12:00');
      await page.getByLabel('Ads').click();
      await page.getByRole('option', { name: ad.title }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save draft and get a price' }).click();
      await expect(page).toHaveURL(/\/dashboard\/campaigns\/edit\/[0-9a-f-]+$/);
      await expect(page.getByTestId('quote-error')).toContainText('no screen it reaches has an audience estimate');
      await expect(page.getByRole('button', { name: 'Book', exact: true })).toBeDisabled();
    });

    await test.step('adding the estimated outlet plans the impressions there: 400 plays × 5 people, ₹300 per 1,000', async () => {
      await page.getByLabel('Tags').fill(tag);
      await page.getByLabel('Tags').press('Enter');
      const quote = page.getByTestId('campaign-quote');
      // 2,000 impressions at 5 a play are 400 plays at the off-peak price.
      await expect(quote).toContainText(rupees.format((400 * OFF_PEAK_PRICE) / 100));
      await expect(quote).toContainText('2,000 impressions');
      await expect(quote).toContainText('400 plays');
      await expect(page.getByTestId('quote-cpm')).toContainText(
        `${rupees.format((400 * OFF_PEAK_PRICE * 1000) / 2000 / 100)} per 1,000 impressions`,
      );
      await expect(page.getByText('Draft saved. The quote is for what you see.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Book', exact: true })).toBeEnabled();
    });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'campaign-quote-impressions', width);
    }

    await test.step('booked, its page reads the goal, delivery and forecast in impressions', async () => {
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(page.getByText('Campaign booked')).toBeVisible();
      await expect(page.getByTestId('campaign-status')).toHaveText('Booked');
      const item = page.getByTestId('line-item-delivery');
      await expect(item).toContainText('goal 2,000 impressions');
      await expect(item).toContainText('Delivered impressions');
      await expect(item).toContainText('The chart counts plays');
      await expect(page.getByTestId('delivery-totals')).toContainText('400 plays');
    });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'campaign-page-impressions', width);
    }
  });
});
