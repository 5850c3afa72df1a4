import { expect, test } from '@playwright/test';
import { authenticateScreen, bearer, createScreen, createStaff, tokenOf, unique } from '../support/factories.ts';
import { expectedPayout, lastPayableOutletDay, payableScreenWithPlays } from '../support/payouts.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

/**
 * Decision 092: a venue sees what it has earned. The outlet admin's home reads the money its
 * screens earned since the last payout, priced as the payout proposal prices it, and the payout an
 * admin's form proposes for the same days is exactly that; the bell says a dark screen is offline
 * and when it will alert, as the home page does.
 */
test('an outlet admin reads its earnings on its home, equal to the payout an admin proposes for those days', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await tokenOf(request);
  const { outlet, screen, prices } = await payableScreenWithPlays(request, admin, 3, {
    name: `Earnings Cafe ${unique()}`,
  });
  const expected = expectedPayout(prices);
  /** Signs the screen in and posts its activity now, as its player does. */
  const activity = async (on: { id: string; screen_code: string }, passcode: string, kinds: string[]) => {
    const token = await authenticateScreen(request, on.screen_code, passcode);
    for (const kind of kinds) {
      const now = new Date();
      const posted = await request.post(`/api/screen-activity/${kind}`, {
        headers: bearer(token),
        data: {
          screen_id: on.id,
          outlet_id: outlet.id,
          activity_date: now.toISOString().slice(0, 10),
          activity_time: now.toISOString().slice(11, 19),
          additional_info: { screen_code: on.screen_code },
        },
      });
      expect(posted.ok(), await posted.text()).toBeTruthy();
    }
  };
  // The screen that played is on; a second one's display was just closed: offline, its alert due in 5 minutes.
  const reset = await request.post(`/api/ad-screens/${screen.id}/reset-passcode`, { headers: bearer(admin) });
  expect(reset.ok(), await reset.text()).toBeTruthy();
  await activity(screen, (await reset.json()).data.passcode, ['online']);
  const { screen: dark, passcode } = await createScreen(request, admin, outlet.id);
  await activity(dark, passcode, ['online', 'offline']);
  const staff = await createStaff(request, admin, 'OUTLET_ADMIN', { outlet_ids: [outlet.id] });

  await signInAs(page, request, '/dashboard', staff.login);
  const earnings = page.getByRole('region', { name: `Earnings at ${outlet.name}` });
  const earned = earnings.getByRole('article', { name: 'Earned since last payout' });
  // A busy machine may take a while to draw the home page the first time: wait for its figure.
  await expect(earned).toContainText(expected.total, { timeout: 20_000 });
  await expect(earned).toContainText(`${prices.length} plays`);
  await expect(earnings.getByRole('article', { name: 'Next payout' })).toContainText(expected.total);
  await expect(earnings.getByRole('article', { name: 'Paid to date' })).toContainText('No payout paid yet');
  await expect(earnings).toContainText('Pacific/Kiritimati');

  // The bell and the home page say the same sentence about the dark screen.
  const sentence = '1 screen is offline, alerting after 5 min.';
  await expect(page.getByRole('status').filter({ hasText: sentence })).toBeVisible();
  const bell = page.getByRole('button', { name: 'Alerts, 1 offline' });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 720 ? 844 : 900 });
    await shoot(page, 'venue-home-earnings', width);
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Alerts' });
    await expect(popover.getByRole('status')).toHaveText(sentence);
    await expect(popover).toContainText('No alert raised yet.');
    await shoot(page, 'venue-home-bell', width);
    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
  }

  // The days the outlet admin's figure covers, as the API answers them to it.
  const answer = await request.get('/api/screen-payout/earnings', {
    headers: bearer(await tokenOf(request, staff.login)),
  });
  const [mine] = (await answer.json()).data;
  expect(mine.unpaid).toMatchObject({ period_end: lastPayableOutletDay(), amount_minor: expected.amountMinor });

  // The payout an admin's form proposes for the outlet over those days: the same money.
  const proposal = await request.get('/api/screen-payout/proposal', {
    headers: bearer(admin),
    params: { outlet_id: outlet.id, period_start: mine.unpaid.period_start, period_end: mine.unpaid.period_end },
  });
  expect(proposal.ok(), await proposal.text()).toBeTruthy();
  expect((await proposal.json()).data.total_minor).toBe(expected.amountMinor);

  // Screen payouts, empty of payouts, shows the same earnings with each day's share.
  await page.goto('/dashboard/billing/payouts');
  const onPayouts = page.getByRole('region', { name: `Earnings at ${outlet.name}` });
  await expect(onPayouts.getByRole('article', { name: 'Earned since last payout' })).toContainText(expected.total, {
    timeout: 15_000,
  });
  await expect(onPayouts.getByRole('table', { name: `Earned per day at ${outlet.name}` })).toBeVisible();
  await expect(page.getByText('No payouts recorded yet')).toBeVisible();
});
