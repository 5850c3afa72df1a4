import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  authenticateScreen,
  bearer,
  createCompany,
  createScreen,
  type Outlet,
  tokenOf,
  unique,
} from '../support/factories.ts';
import { backToBack, play, postPlays, screenCreatedAt, servedAds, shortestAd } from '../support/plays.ts';
import { signInAs } from '../support/session.ts';

/** Money on the dashboard: amounts typed in rupees land as exact paise; payouts show their working and pay a period once. */

/**
 * A Standard outlet with a 15 % commission, one screen, and `plays` plays on it since it was made:
 * the first `peak` of them in the demo rate card's evening peak (18:00-22:00 ×1.5 on the screen's
 * clock), the rest at 10 in the morning, off-peak.
 */
async function screenWithPlays(request: APIRequestContext, token: string, plays: number, peak = 0) {
  const created = await request.post('/api/outlets', {
    headers: bearer(token),
    data: {
      name: `E2E Payout Outlet ${unique()}`,
      outlet_code: `E2E-PAY-${unique().toUpperCase()}`,
      city: 'Bengaluru',
      pincode: '560038',
      commission_bps: 1500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const outlet: Outlet = (await created.json()).data;
  const { screen, passcode } = await createScreen(request, token, outlet.id);
  const screenToken = await authenticateScreen(request, screen.screen_code, passcode);
  // The screen is handed its list; its shortest ad plays back to back from the screen's creation,
  // so the plays fall under the card the demo put in force when the server started.
  const ad = shortestAd(await servedAds(request, screenToken));
  const createdAt = await screenCreatedAt(request, token, screen.screen_code);
  const instants = await backToBack(plays, ad, createdAt);
  const playing = { screen_id: screen.id, outlet_id: outlet.id, screen_code: screen.screen_code };
  const logs = instants.map((at, index) =>
    play(ad, playing, at, { play_time: `${index < peak ? '18' : '10'}:${String(index % 60).padStart(2, '0')}:00` }),
  );
  await postPlays(request, screenToken, logs);
  return { outlet, screen };
}

test.describe('billing', () => {
  test('an ad transaction typed in rupees is stored in exact paise and listed in ₹', async ({ page, request }) => {
    const token = await tokenOf(request);
    const company = await createCompany(request, token);
    const reference = `UTR-${unique().toUpperCase()}`;
    await signInAs(page, request, '/dashboard/billing/transactions/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add ad transaction' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('textbox', { name: 'Search companies…' }).fill(company.name);
    await page.getByRole('option', { name: company.name }).click();

    const amount = page.getByLabel('Amount');
    await amount.fill('12.345');
    await page.getByRole('button', { name: 'Add transaction' }).click();
    await expect(page.getByText('Enter the amount, e.g. 1234.50')).toBeVisible();
    await amount.fill('1234.5');
    await expect(page.getByText('₹1,234.50 will be recorded.')).toBeVisible();
    await page.getByLabel('Payment method').selectOption('UPI');
    await page.getByLabel('Reference').fill(reference);
    await page.getByRole('button', { name: 'Add transaction' }).click();

    await expect(page).toHaveURL(/\/dashboard\/billing\/transactions$/);
    await expect(page.getByText('Transaction added')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toContainText('₹1,234.50');
    await expect(row).toContainText(company.name);
    await expect(row).toContainText('UPI');
    await expect(row).toContainText('Completed');

    const listed = await request.get('/api/ad-transaction', {
      headers: bearer(token),
      params: { company_id: company.id },
    });
    const [stored] = (await listed.json()).data;
    expect(stored).toMatchObject({
      amount_minor: 123450,
      currency: 'INR',
      method: 'UPI',
      reference,
      status: 'COMPLETED',
    });

    // Narrowed to the company, the totals agree with the row.
    await page.goto(`/dashboard/billing/transactions?company_id=${company.id}`);
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText('Received₹1,234.50');
  });

  test('a screen payout adds up the plays at the rate card, is created, and the same period is refused a second time', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await tokenOf(request);
    // Six plays at ₹1.50 and two evening plays at ₹2.25 (the demo card's ×1.5 peak).
    const { screen } = await screenWithPlays(request, token, 8, 2);
    await signInAs(page, request, '/dashboard/billing/payouts/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add screen payout' })).toBeVisible();

    const chooseScreenAndPeriod = async () => {
      await page.getByRole('radio', { name: 'One screen' }).click();
      await page.getByRole('combobox', { name: 'Screen', exact: true }).click();
      await page.getByRole('textbox', { name: 'Search screens…' }).fill(screen.screen_code);
      await page.getByRole('option', { name: new RegExp(screen.screen_code) }).click();
      // The screen picker's popover must be gone (focus back on its trigger) before another opens.
      await expect(page.getByRole('option', { name: new RegExp(screen.screen_code) })).toBeHidden();
      await page.getByRole('button', { name: /^Date range:/ }).click();
      await page.getByRole('button', { name: 'Last 7 days' }).click();
    };
    await chooseScreenAndPeriod();

    const proposal = page.getByRole('region', { name: 'Proposed payout' });
    // 6 × ₹1.50 + 2 × ₹2.25 = ₹13.50; 15 % of it is ₹2.025, rounded half up to ₹2.03.
    await expect(proposal.getByTestId('payout-working')).toHaveText(
      '8 plays on the rate card = ₹13.50 (avg ₹1.69 a play); − 15 % commission (₹2.03) = ₹11.47',
    );
    await expect(proposal.getByTestId('payout-total')).toHaveText('₹11.47');
    // There is no rate to type: the rate card prices every play.
    await expect(page.getByLabel('Rate per play')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create payout' }).click();

    await expect(page).toHaveURL(/\/dashboard\/billing\/payouts$/);
    await expect(page.getByText('Payout created')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(screen.screen_code) });
    await expect(row).toContainText('₹11.47');
    await expect(row).toContainText('8 plays · avg ₹1.69');
    await expect(row).toContainText('Pending');

    // The same screen and period again: flagged in the proposal, then refused with the server's reason.
    await page.goto('/dashboard/billing/payouts/add');
    await chooseScreenAndPeriod();
    await expect(proposal.getByText('Already paid')).toBeVisible();
    await page.getByRole('button', { name: 'Create payout' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'already has a payout' })).toContainText(
      `Screen ${screen.screen_code} already has a payout`,
    );
    await expect(page).toHaveURL(/\/payouts\/add$/);

    // Paying it records the reference and the status.
    await page.goto(`/dashboard/billing/payouts?screen_id=${screen.id}`);
    await page.getByRole('button', { name: new RegExp(`^Actions for ${screen.screen_code}`) }).click();
    await page.getByRole('menuitem', { name: 'Mark as paid' }).click();
    const reference = `NEFT-${unique().toUpperCase()}`;
    await page.getByLabel('Payment reference').fill(reference);
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as paid' }).click();
    await expect(page.getByText('Payout marked as paid')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(screen.screen_code) })).toContainText(`Paid`);
    await expect(page.getByRole('row', { name: new RegExp(screen.screen_code) })).toContainText(reference);
  });
});
