import { DEFAULT_ON_AIR } from '@adloop/contract/inventory';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { listAds, openDisplay, playsOf } from '../support/display.ts';
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
    test.setTimeout(240_000);
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
    const demoImage = (await listAds(request, admin)).find(
      (ad) => ad.type === 'IMAGE' && ad.media_url.startsWith('/media/'),
    );
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
    // The loop takes its turns: the demo ads come first, each a few times.
    await expect(display.getByRole('img', { name: ad.title })).toBeVisible({ timeout: 120_000 });

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
});
