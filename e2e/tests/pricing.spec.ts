import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bearer, tokenOf, unique } from '../support/factories.ts';
import {
  choosePeriod,
  expectedPayout,
  lastPayableOutletDay,
  payableScreenWithPlays,
  shiftDay,
} from '../support/payouts.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

/**
 * Dynamic pricing (decision 033): a global admin schedules a rate card, the public pricing page
 * shows it, and payouts add up each play at its own price. Cards scheduled here are far in the
 * future and withdrawn again, so the prices other specs see never change.
 */

/** A date-time no other run will have picked, years ahead. */
function farFuture(): { input: string; shown: RegExp } {
  const day = 1 + Math.floor(Math.random() * 27);
  const hour = 6 + Math.floor(Math.random() * 12);
  const date = `2031-03-${String(day).padStart(2, '0')}`;
  return {
    input: `${date}T${String(hour).padStart(2, '0')}:00`,
    // On the reader's clock with its zone said (UTC or GMT+… where the browser runs).
    shown: new RegExp(`${day} Mar 2031.*${String(hour).padStart(2, '0')}:00 (UTC|GMT|[A-Z]{2,5}\\b)`),
  };
}

async function withdrawScheduled(request: APIRequestContext) {
  const token = await tokenOf(request);
  const listed = await request.get('/api/rate-cards', { headers: bearer(token) });
  for (const card of (await listed.json()).data as Array<{ id: string; status: string; note: string }>) {
    if (card.status === 'SCHEDULED' && card.note.startsWith('E2E')) {
      await request.delete(`/api/rate-cards/${card.id}`, { headers: bearer(token) });
    }
  }
}

async function scheduleThroughTheForm(page: Page, when: string, note: string) {
  await page.getByRole('button', { name: 'Schedule new card' }).click();
  const form = page.getByRole('form', { name: 'New rate card' });
  await form.getByLabel('Standard outlet').fill('1.80');
  await form.getByLabel('Premium outlet').fill('2.70');
  await form.getByLabel('Flagship outlet').fill('3.60');
  await form.getByRole('button', { name: 'Add daypart' }).click();
  const late = form.getByRole('listitem', { name: 'Daypart 3' });
  await late.getByLabel('Name').fill('Late night');
  await late.getByLabel('From').fill('23:00');
  await late.getByLabel('Until').fill('01:00');
  await late.getByLabel('Multiplier').fill('2');
  await late.getByRole('button', { name: 'Fri' }).click();
  await late.getByRole('button', { name: 'Sat' }).click();
  await form.getByLabel('Effective from').fill(when);
  await form.getByLabel('Note').fill(note);
  // The preview prices the new card before it is saved: Flagship late night ₹3.60 × 2.
  await expect(form.getByRole('table', { name: 'Preview of the new rate card' })).toContainText('₹7.20');
  await form.getByRole('button', { name: 'Schedule rate card' }).click();
}

test.describe('dynamic pricing', () => {
  test.afterEach(async ({ request }) => withdrawScheduled(request));

  test('a global admin schedules a rate card and the public pricing page shows its rates', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, request, '/dashboard/rate-card');
    await expect(page.getByRole('heading', { level: 1, name: 'Rate card' })).toBeVisible();
    // The demo's card: lunch and evening peaks over the launch rates.
    const inForce = page.getByRole('table', { name: 'Rate card in force' });
    await expect(inForce).toContainText('Lunch');
    await expect(inForce).toContainText('Evening');
    await expect(inForce.getByRole('row', { name: /Premium/ })).toContainText('₹2.25');

    // A backdated card is refused beside its field.
    await page.getByRole('button', { name: 'Schedule new card' }).click();
    const form = page.getByRole('form', { name: 'New rate card' });
    await form.getByLabel('Effective from').fill('2020-01-01T09:00');
    await form.getByRole('button', { name: 'Schedule rate card' }).click();
    await expect(form.getByText('Must be in the future')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();

    const when = farFuture();
    const note = `E2E festive ${unique()}`;
    await scheduleThroughTheForm(page, when.input, note);
    await expect(page.getByText(/Rate card scheduled for/)).toBeVisible();
    const scheduled = page.getByRole('table', { name: /^Rate card from / });
    await expect(scheduled.getByRole('row', { name: /Standard/ })).toContainText('₹1.80');
    await expect(scheduled.getByRole('row', { name: /Flagship/ })).toContainText('₹5.40'); // evening ×1.5
    await expect(page.getByText(note)).toBeVisible();

    // Anyone, signed in or not, sees the scheduled rates as the next change.
    const visitor = await browser.newPage();
    await visitor.goto('/pricing');
    const rates = visitor.getByRole('region', { name: 'One price per play, by venue and hour' });
    await expect(rates.getByRole('table', { name: 'Price per play by outlet tier and time of day' })).toContainText(
      '₹1.50',
    );
    await expect(rates.getByText(/New rates from/)).toContainText(when.shown);
    const next = rates.getByRole('table', { name: 'Next rate card' });
    await expect(next.getByRole('row', { name: /Premium/ })).toContainText('₹2.70');
    await expect(next).toContainText('Late night');
    await expect(next.getByRole('row', { name: /Flagship/ })).toContainText('₹7.20');
    await visitor.close();

    // Withdrawn, it is gone from both.
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw card' }).click();
    await expect(page.getByText('Rate card withdrawn')).toBeVisible();
    await expect(page.getByRole('table', { name: /^Rate card from / })).toHaveCount(0);
  });

  test('a company employee reads the rate card but cannot schedule one', async ({ page, request }) => {
    await signInAs(page, request, '/dashboard/rate-card', {
      email: 'company.employee@demo.adloop.app',
      password: 'e2e-demo-staff',
    });
    await expect(page.getByRole('table', { name: 'Rate card in force' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schedule new card' })).toHaveCount(0);
  });

  test('a payout proposal prices each play at its tier and the daypart of its hour', async ({ page, request }) => {
    test.setTimeout(60_000);
    const token = await tokenOf(request);
    // Four plays now at a premium outlet: ₹2.25 each, × 1.25 in the lunch peak or × 1.5 in the
    // evening one, by the hour they play at in the outlet's zone.
    const { screen, prices } = await payableScreenWithPlays(request, token, 4, {
      name: `E2E Premium Outlet ${unique()}`,
      tier: 'PREMIUM',
    });

    await signInAs(page, request, '/dashboard/billing/payouts/add');
    await page.getByRole('radio', { name: 'One screen' }).click();
    await page.getByRole('combobox', { name: 'Screen', exact: true }).click();
    await page.getByRole('textbox', { name: 'Search screens…' }).fill(screen.screen_code);
    await page.getByRole('option', { name: new RegExp(screen.screen_code) }).click();
    // The screen picker's popover must be gone (focus back on its trigger) before another opens.
    await expect(page.getByRole('option', { name: new RegExp(screen.screen_code) })).toBeHidden();
    await choosePeriod(page, shiftDay(lastPayableOutletDay(), -6), lastPayableOutletDay());
    // E.g. off peak 4 × ₹2.25 = ₹9.00; 15 % = ₹1.35 → "… = ₹9.00 (avg ₹2.25 a play); − 15 % commission (₹1.35) = ₹7.65".
    const expected = expectedPayout(prices);
    const proposal = page.getByRole('region', { name: 'Proposed payout' });
    await expect(proposal.getByTestId('payout-working')).toHaveText(expected.working);
    await expect(proposal.getByTestId('payout-total')).toHaveText(expected.total);
  });
});

for (const width of [390, 1440] as const) {
  test.describe(`pricing pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 720 ? 844 : 900 } });
    test.afterEach(async ({ request }) => withdrawScheduled(request));

    test('pricing, rate card and payout form', async ({ page, request }) => {
      test.setTimeout(60_000);
      const token = await tokenOf(request);
      const at = new Date(Date.parse('2031-06-01T03:30:00Z') + width * 60_000).toISOString();
      const card = await request.post('/api/rate-cards', {
        headers: bearer(token),
        data: {
          effective_from: at,
          note: 'E2E monsoon rates',
          tiers: { STANDARD: 175, PREMIUM: 260, FLAGSHIP: 350 },
          dayparts: [
            { name: 'Breakfast', start_time: '07:00', end_time: '10:00', multiplier_bps: 11_000 },
            { name: 'Evening', start_time: '18:00', end_time: '22:00', multiplier_bps: 15_000 },
            {
              name: 'Weekend late',
              days_of_week: [5, 6],
              start_time: '22:00',
              end_time: '02:00',
              multiplier_bps: 17_500,
            },
          ],
        },
      });
      expect(card.status(), await card.text()).toBe(201);

      await page.goto('/pricing');
      await expect(page.getByRole('table', { name: 'Next rate card' })).toBeVisible();
      await shoot(page, 'pricing-live', width);

      await signInAs(page, request, '/dashboard/rate-card');
      await expect(page.getByRole('table', { name: /^Rate card from / })).toBeVisible();
      await shoot(page, 'dashboard-rate-card', width);
      await page.getByRole('button', { name: 'Schedule new card' }).click();
      await expect(page.getByRole('form', { name: 'New rate card' })).toBeVisible();
      await shoot(page, 'dashboard-rate-card-form', width);

      await page.goto('/dashboard/billing/payouts/add');
      await expect(page.getByRole('heading', { level: 1, name: 'Add screen payout' })).toBeVisible();
      await shoot(page, 'dashboard-payout-form', width);

      await page.goto('/dashboard/billing/transactions');
      await expect(page.getByRole('region', { name: 'Spend at the rate card' })).toBeVisible();
      await shoot(page, 'dashboard-ad-transactions-spend', width);

      await page.goto('/dashboard/onboarding/outlet');
      await expect(page.getByText('Premium', { exact: true }).first()).toBeVisible();
      await shoot(page, 'dashboard-outlets-tier', width);
    });
  });
}
