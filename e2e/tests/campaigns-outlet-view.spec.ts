import { type APIRequestContext, expect, test } from '@playwright/test';
import { audit, blocking, describe } from '../support/a11y.ts';
import { bearer, createCompany, tokenOf, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

/** The demo's outlet owner (apps/server/src/seed/seed.ts), with the demo staff's password of the test server. */
const OUTLET_ADMIN = { email: 'outlet.admin@demo.adloop.app', password: 'e2e-demo-staff' } as const;
const PLAYS = 60;

async function created<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: bearer(token), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return (await response.json()).data;
}

/**
 * A campaign of a new advertiser booked on the demo outlet's screens three weeks ahead, not
 * guaranteed: it reserves no inventory other tests count on, and no plan reaches a screen before
 * its flight, so the demo screen's loop is untouched.
 */
async function bookOnDemoOutlet(request: APIRequestContext) {
  const admin = await tokenOf(request);
  const owner = await tokenOf(request, OUTLET_ADMIN);
  const outlets = await request.get('/api/outlets', { headers: bearer(owner) });
  const [outlet] = (await outlets.json()).data as Array<{ id: string; name: string }>;
  if (!outlet) throw new Error("The demo outlet admin's outlet is missing");
  const company = await createCompany(request, admin, `E2E Chai Co ${unique()}`);
  await created(request, admin, '/api/ad-transaction', {
    company_id: company.id,
    amount_minor: 10_000_000,
    method: 'UPI',
    status: 'COMPLETED',
    transacted_at: new Date().toISOString(),
  });
  const ad = await created<{ id: string; title: string }>(request, admin, '/api/ads', {
    company_id: company.id,
    title: `Masala chai ${unique()}`,
    type: 'IMAGE',
    media_url: '/media/not-there.jpg',
    duration_seconds: 10,
    status: 'ACTIVE',
    targeting: { tags: [`e2e-nowhere-${unique()}`] },
  });
  const campaign = await created<{ id: string; name: string }>(request, admin, '/api/campaigns', {
    company_id: company.id,
    name: `Chai mornings ${unique()}`,
    budget_cap_minor: 5_000_000,
  });
  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  await created(request, admin, `/api/campaigns/${campaign.id}/line-items`, {
    name: 'Breakfast hours',
    starts_on: day(21),
    ends_on: day(22),
    goal_kind: 'PLAYS',
    goal_quantity: PLAYS,
    pacing: 'EVEN',
    guaranteed: false,
    spot_seconds: 10,
    targeting: { outlet_ids: [outlet.id], schedule: { start_time: '08:00', end_time: '11:00' } },
    ad_ids: [ad.id],
  });
  const booked = await request.post(`/api/campaigns/${campaign.id}/book`, { headers: bearer(admin) });
  expect(booked.status(), await booked.text()).toBe(200);
  return { campaign, company, ad, outlet };
}

test('the outlet owner reads what is booked on their screens: advertiser, flight on the outlet clock, creatives, plays, and no money', async ({
  page,
  request,
}) => {
  test.setTimeout(30_000);
  const { campaign, company, ad, outlet } = await bookOnDemoOutlet(request);

  await signInAs(page, request, '/dashboard/screen-campaigns', OUTLET_ADMIN);
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Campaigns', exact: true })).toHaveAttribute(
    'href',
    '/dashboard/screen-campaigns',
  );
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(campaign.name);
  const row = page.getByRole('row').filter({ hasText: campaign.name });
  await expect(row).toContainText(company.name);
  await expect(row.getByTestId('campaign-status')).toHaveText('Booked');
  await expect(row).toContainText('Asia/Kolkata (IST)');
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(PLAYS));
  await expect(page.getByRole('main')).not.toContainText('₹');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, 'outlet-campaigns-list', width);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('link', { name: campaign.name }).click();
  await expect(page.getByRole('heading', { name: 'Campaign on your screens', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: campaign.name, level: 2 })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(company.name);
  await expect(main).toContainText(outlet.name);
  await expect(main).toContainText('Every day, 08:00–11:00');
  await expect(page.getByRole('list', { name: 'Creatives of Breakfast hours' })).toContainText(ad.title);
  const screens = page.getByRole('table', { name: 'Plays of Breakfast hours per screen' });
  await expect(screens.getByRole('row')).not.toHaveCount(1);
  await expect(main).not.toContainText('₹');
  await expect(main).not.toContainText(/budget|price|spend/i);
  const findings = await audit(page, 'campaign on your screens @1280');
  expect(blocking(findings), describe(blocking(findings))).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, 'outlet-campaign', width);
  }

  // The advertiser's own page stays closed to the outlet: it carries the money.
  await page.goto(`/dashboard/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
});
