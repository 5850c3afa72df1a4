import type { Outlet } from '@adloop/contract/outlets';
import { expect, type Page, test } from '@playwright/test';
import { bearer, tokenOf, unique } from '../support/factories.ts';
import {
  choosePeriod,
  expectedPayout,
  lastPayableOutletDay,
  payableScreenWithPlays,
  playsAtOutlet,
  shiftDay,
} from '../support/payouts.ts';
import { signInAs } from '../support/session.ts';

/** Issue 24 (decision 091): a default is a value, and an outlet paid without a commission says so. */

/** Opens the payout form on every screen of `outlet` over the payable week. */
async function proposeOutletPayout(page: Page, outlet: Pick<Outlet, 'name'>) {
  await page.goto('/dashboard/billing/payouts/add');
  await page.getByRole('radio', { name: 'Every screen of an outlet' }).click();
  await page.getByRole('combobox', { name: 'Outlet', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search outlets…' }).fill(outlet.name);
  await page.getByRole('option', { name: new RegExp(outlet.name) }).click();
  await expect(page.getByRole('option', { name: new RegExp(outlet.name) })).toBeHidden();
  const lastDay = lastPayableOutletDay();
  await choosePeriod(page, shiftDay(lastDay, -6), lastDay);
  return page.getByRole('region', { name: 'Proposed payout' });
}

test.describe('the commission of a new outlet', () => {
  test('an outlet onboarded without touching Commission is saved at the 15 % the form shows, and pays out at it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await tokenOf(request);
    const name = `Commission Cafe ${unique()}`;
    await signInAs(page, request, '/dashboard/onboarding/outlet/onboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Onboard outlet' })).toBeVisible({ timeout: 15_000 });
    const commission = page.getByLabel('Commission');
    // A value, not a grey hint: what is shown is what is saved.
    await expect(commission).toHaveValue('15');
    await expect(commission).not.toHaveAttribute('placeholder');
    const field = page.locator('[data-slot="form-item"]').filter({ has: commission });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width < 720 ? 844 : 900 });
      await field.scrollIntoViewIfNeeded();
      await field.screenshot({ path: `test-results/screenshots/outlet-commission-field-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Outlet name').fill(name);
    await page.getByLabel('Outlet code').fill(`CC-${unique().toUpperCase()}`);
    await page.getByRole('button', { name: 'Onboard outlet' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: `${name} onboarded` });
    await expect(toast).toContainText('Next step: add its screens.');

    // The toast's next step leads there, with the outlet already chosen.
    await toast.getByRole('button', { name: 'Add a screen' }).click();
    await expect(page).toHaveURL(/\/dashboard\/screens\/create\?outlet_id=/);
    await expect(page.getByRole('combobox', { name: 'Outlet' })).toContainText(name);

    const listed = await request.get('/api/outlets', { headers: bearer(token), params: { q: name } });
    const [outlet] = (await listed.json()).data as Outlet[];
    expect(outlet).toMatchObject({ name, commission_bps: 1500 });
    const { prices } = await playsAtOutlet(request, token, outlet!, 3);
    const proposal = await proposeOutletPayout(page, outlet!);
    await expect(proposal.getByTestId('payout-working')).toHaveText(expectedPayout(prices, 1500).working);
    await expect(proposal.getByTestId('payout-working')).toContainText('− 15 % commission');
    await expect(proposal.getByRole('note')).toHaveCount(0);
  });

  test('an outlet saved at 0 % says plainly where payouts are made that it has no commission', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await tokenOf(request);
    const { outlet, prices } = await payableScreenWithPlays(request, token, 2, { commission_bps: 0 });
    await signInAs(page, request, '/dashboard/billing/payouts/add');
    const proposal = await proposeOutletPayout(page, outlet);
    const gross = expectedPayout(prices, 0).total;
    await expect(proposal.getByTestId('payout-working')).toContainText(`no commission (0 %) = ${gross}`);
    const note = proposal.getByRole('note');
    await expect(note).toContainText(`No commission is set for ${outlet.name}: its commission is 0 %`);
    await note.getByRole('link', { name: 'Set its commission' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/onboarding/outlet/edit/${outlet.id}$`));
    await expect(page.getByLabel('Commission')).toHaveValue('0');
  });
});
