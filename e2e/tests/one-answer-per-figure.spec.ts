import { expect, test } from '@playwright/test';
import {
  authenticateScreen,
  bearer,
  createCompany,
  createScreen,
  outletWithStaff,
  tokenOf,
} from '../support/factories.ts';
import { signInAs } from '../support/session.ts';

/**
 * Decision 092: the same question gets the same answer on every page. A dark screen is offline in
 * the same words, with its outlet's threshold, on the home page, its own page and in the bell;
 * Ad transactions' filter and its cards name one period; analytics' Billed is the spend.
 */

test('a screen whose display closed is offline alike on the home page, its page and in the bell, with its outlet’s threshold', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { admin, outlet, staff } = await outletWithStaff(request, 'OUTLET_ADMIN');
  const threshold = await request.patch(`/api/outlets/${outlet.id}`, {
    headers: bearer(admin),
    data: { offline_alert_minutes: 7 },
  });
  expect(threshold.status(), await threshold.text()).toBe(200);
  const { screen, passcode } = await createScreen(request, admin, outlet.id);
  const screenToken = await authenticateScreen(request, screen.screen_code, passcode);
  for (const kind of ['online', 'offline']) {
    const now = new Date();
    const posted = await request.post(`/api/screen-activity/${kind}`, {
      headers: bearer(screenToken),
      data: {
        screen_id: screen.id,
        outlet_id: outlet.id,
        activity_date: now.toISOString().slice(0, 10),
        activity_time: now.toISOString().slice(11, 19),
        additional_info: { screen_code: screen.screen_code },
      },
    });
    expect(posted.ok(), await posted.text()).toBeTruthy();
  }
  const sentence = '1 screen is offline, alerting after 7 min.';
  const words = 'Alerting after 7 min without a heartbeat';

  await signInAs(page, request, '/dashboard', staff.login);
  // A busy machine may take a while to draw the home page the first time: wait for the sentence.
  await expect(page.getByRole('status').filter({ hasText: sentence })).toBeVisible({ timeout: 20_000 });
  const row = page
    .getByRole('list', { name: 'Offline screens' })
    .getByRole('listitem')
    .filter({ hasText: screen.screen_code });
  await expect(row).toContainText('Offline');
  await expect(row).toContainText(words);

  await page.getByRole('button', { name: 'Alerts, 1 offline' }).click();
  const bell = page.getByRole('dialog', { name: 'Alerts' });
  await expect(bell.getByRole('status')).toHaveText(sentence);
  await expect(bell).not.toContainText('Every screen that connected is online');
  await page.keyboard.press('Escape');

  await row.getByRole('link', { name: screen.screen_code }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/screens/edit/${screen.id}$`));
  await expect(page.getByText(words)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Offline', { exact: true }).first()).toBeVisible();
});

test("Ad transactions' filter and its cards name one period, and analytics' Billed is its spend", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await tokenOf(request);
  // A payment today, so the transaction totals have something to show.
  const company = await createCompany(request, admin);
  const paid = await request.post('/api/ad-transaction', {
    headers: bearer(admin),
    data: {
      company_id: company.id,
      amount_minor: 12_345,
      method: 'UPI',
      status: 'COMPLETED',
      transacted_at: new Date().toISOString(),
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  await signInAs(page, request, '/dashboard/billing/transactions');
  await expect(page.getByRole('button', { name: 'Date range: All time' })).toBeVisible({ timeout: 20_000 });
  const spend = page.getByRole('region', { name: 'Spend at the rate card' });
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(spend.getByText("All time · on each outlet's clock")).toBeVisible({ timeout: 15_000 });
  await expect(totals.getByText('All time · UTC days').first()).toBeVisible();

  await page.getByRole('button', { name: 'Date range: All time' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'This month' }).click();
  await expect(page.getByRole('button', { name: 'Date range: This month' })).toBeVisible();
  await expect(spend.getByText("This month · on each outlet's clock")).toBeVisible();
  await expect(totals.getByText('This month · UTC days').first()).toBeVisible();
  await expect(spend.getByText('All time')).toHaveCount(0);

  // The same month on Analytics: Billed is the spend at the rate card, to the paisa. Read the spend
  // from a fresh load of the month, so no figure of all time is still on screen while it loads.
  const url = new URL(page.url());
  await page.reload();
  await expect(spend.getByText("This month · on each outlet's clock")).toBeVisible({ timeout: 15_000 });
  const spent = (
    await spend.getByRole('article', { name: 'Spend at rate card' }).locator('span').nth(1).textContent()
  )?.trim();
  await page.goto(`/dashboard/analytics?from=${url.searchParams.get('from')}&to=${url.searchParams.get('to')}`);
  const billed = page.getByRole('article', { name: 'Billed' });
  await expect(billed).toContainText(spent!, { timeout: 15_000 });
  await expect(billed).toContainText("Ad transactions' spend");
  await expect(page.getByRole('article', { name: 'Received' })).toBeVisible();
});
