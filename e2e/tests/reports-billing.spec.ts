import { expect, test } from '@playwright/test';
import { bearer, createCompany, tokenOf, unique } from '../support/factories.ts';
import {
  choosePeriod,
  expectedPayout,
  lastPayableOutletDay,
  payableScreenWithPlays,
  shiftDay,
} from '../support/payouts.ts';
import { signInAs } from '../support/session.ts';

/** Money on the dashboard: amounts typed in rupees land as exact paise; payouts show their working and pay a period once. */

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

  test('a screen payout adds up the plays at the rate card, is created, and says why a day of today, ₹0 or a period paid is not', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await tokenOf(request);
    // Eight plays now, on days the outlet can already be paid for: ₹1.50 each, more in the demo
    // card's peaks, by the hour they play at in the outlet's zone.
    const { screen, prices } = await payableScreenWithPlays(request, token, 8);
    const lastDay = lastPayableOutletDay();
    await signInAs(page, request, '/dashboard/billing/payouts/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add screen payout' })).toBeVisible();
    const create = page.getByRole('button', { name: 'Create payout' });
    const proposal = page.getByRole('region', { name: 'Proposed payout' });

    // Nothing chosen yet: the button waits and says why beside it.
    await page.getByRole('radio', { name: 'One screen' }).click();
    await expect(create).toBeDisabled();
    await expect(page.getByText('Choose a screen to pay.')).toBeVisible();
    await expect(create).toHaveAccessibleDescription('Choose a screen to pay.');

    const chooseScreen = async () => {
      await page.getByRole('radio', { name: 'One screen' }).click();
      await page.getByRole('combobox', { name: 'Screen', exact: true }).click();
      await page.getByRole('textbox', { name: 'Search screens…' }).fill(screen.screen_code);
      await page.getByRole('option', { name: new RegExp(screen.screen_code) }).click();
      // The screen picker's popover must be gone (focus back on its trigger) before another opens.
      await expect(page.getByRole('option', { name: new RegExp(screen.screen_code) })).toBeHidden();
    };
    await chooseScreen();
    await expect(
      page.getByText(`The last day that can be paid is ${lastDay}, the day before today in Pacific/Kiritimati`),
    ).toBeVisible();

    // The period cannot reach the outlet's today: no preset that includes it, no later day to type.
    await page.getByRole('button', { name: /^Date range:/ }).click();
    const picker = page.getByRole('dialog');
    await expect(picker.getByRole('button', { name: 'Last month' })).toBeVisible();
    // Those presets end on the browser's (UTC) today. From 10:00 UTC the outlet (UTC+14) is a day
    // ahead, so that day is payable and they are offered; before 10:00 it is the outlet's today.
    const browserToday = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    for (const preset of ['Today', 'Last 7 days', 'This month']) {
      await expect(picker.getByRole('button', { name: preset })).toHaveCount(browserToday > lastDay ? 0 : 1);
    }
    await expect(picker.getByLabel('To', { exact: true })).toHaveAttribute('max', lastDay);
    await picker.getByLabel('From', { exact: true }).fill(shiftDay(lastDay, -6));
    await picker.getByLabel('To', { exact: true }).fill(shiftDay(lastDay, 1));
    await expect(picker.getByText(/^The range must end by /)).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Apply range' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await choosePeriod(page, shiftDay(lastDay, -6), lastDay);

    // E.g. off peak 8 × ₹1.50 = ₹12.00; 15 % of it is ₹1.80: "… (avg ₹1.50 a play); − 15 % commission (₹1.80) = ₹10.20".
    const expected = expectedPayout(prices);
    await expect(proposal.getByTestId('payout-working')).toHaveText(expected.working);
    await expect(proposal.getByTestId('payout-total')).toHaveText(expected.total);
    // There is no rate to type: the rate card prices every play.
    await expect(page.getByLabel('Rate per play')).toHaveCount(0);
    await expect(create).toBeEnabled();
    await create.click();

    await expect(page).toHaveURL(/\/dashboard\/billing\/payouts$/);
    await expect(page.getByText('Payout created')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(screen.screen_code) });
    await expect(row).toContainText(expected.total);
    await expect(row).toContainText(`8 plays · avg ${expected.average}`);
    await expect(row).toContainText('Pending');

    // The same screen and period again: flagged, and the button says it was paid.
    await page.goto('/dashboard/billing/payouts/add');
    await chooseScreen();
    await choosePeriod(page, shiftDay(lastDay, -6), lastDay);
    await expect(proposal.getByText('Already paid')).toBeVisible();
    const paidReason = `Screen ${screen.screen_code} already has a payout covering part of`;
    await expect(page.getByText(paidReason)).toBeVisible();
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription(new RegExp(`^${paidReason}`));

    // Days without plays would be a payout of ₹0: refused the same way.
    await choosePeriod(page, shiftDay(lastDay, -40), shiftDay(lastDay, -30));
    await expect(proposal.getByTestId('payout-total')).toHaveText('₹0.00');
    await expect(page.getByText('Nothing to pay: there were no plays in this period.')).toBeVisible();
    await expect(create).toBeDisabled();
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
