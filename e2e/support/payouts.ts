import { minutesIntoDay } from '@adloop/contract/clock';
import type { OutletTier } from '@adloop/contract/constants';
import type { Outlet } from '@adloop/contract/outlets';
import { lastPayableDay } from '@adloop/contract/payout-period';
import type { Screen } from '@adloop/contract/screens';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { authenticateScreen, bearer, createScreen, unique } from './factories.ts';
import { backToBack, play, postPlays, screenCreatedAt, servedAds, shortestAd } from './plays.ts';

/**
 * A payout pays only days before its outlet's today (decision 050), and a test can only play now;
 * the server dates a play by its instant in its outlet's zone (decision 072). So the outlet plays
 * in Pago Pago's time (UTC−11) and then moves to Kiritimati's (UTC+14), 25 hours ahead: its
 * plays keep Pago Pago's date, a day or two before Kiritimati's today, so already payable.
 */
export const PAYABLE_OUTLET_ZONE = 'Pacific/Kiritimati';
const PLAYING_ZONE = 'Pacific/Pago_Pago';

/**
 * The demo rate card (apps/server/src/seed/seed.ts), written out again so the tests check the
 * server's pricing rather than repeat its code: paise a play by tier, and the peaks (end exclusive).
 */
const DEMO_RATES: Record<OutletTier, number> = { STANDARD: 150, PREMIUM: 225, FLAGSHIP: 300 };
const DEMO_PEAKS = [
  { from: 12 * 60, until: 14 * 60, multiplier_bps: 12_500 },
  { from: 18 * 60, until: 22 * 60, multiplier_bps: 15_000 },
];

/** Half up to a whole minor unit, in integers: `numerator / denominator` for positive numbers. */
const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The price of a play at `at` on the demo card, in paise: the tier's rate × the peak of its hour in `timeZone`. */
export function demoPlayPrice(at: Date, tier: OutletTier, timeZone: string): number {
  const minutes = minutesIntoDay(at, timeZone);
  const peak = DEMO_PEAKS.find((daypart) => minutes >= daypart.from && minutes < daypart.until);
  return halfUp(DEMO_RATES[tier] * (peak?.multiplier_bps ?? 10_000), 10_000);
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const money = (paise: number) => rupees.format(paise / 100);

/**
 * What the payout pages must show for one screen's plays priced `prices` (paise): the form's
 * working line and total, and the average a play. Gross is their sum; the commission and the
 * average are rounded half up to the paisa.
 */
export function expectedPayout(prices: readonly number[], commissionBps = 1500) {
  const gross = prices.reduce((sum, price) => sum + price, 0);
  const commission = halfUp(gross * commissionBps, 10_000);
  const amount = gross - commission;
  const average = prices.length > 0 ? money(halfUp(gross, prices.length)) : null;
  const plays = `${prices.length} ${prices.length === 1 ? 'play' : 'plays'}`;
  const percent = `${(commissionBps / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
  return {
    amountMinor: amount,
    average,
    working: `${plays} on the rate card = ${money(gross)}${average ? ` (avg ${average} a play)` : ''}; − ${percent} commission (${money(commission)}) = ${money(amount)}`,
    total: money(amount),
  };
}

/** The last day a payout of such an outlet may end on: the day before its today. */
export const lastPayableOutletDay = () => lastPayableDay(PAYABLE_OUTLET_ZONE);

/** `day` moved by `days`, as YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * An outlet (15 % commission unless told) with one screen and `plays` plays on it, back to back
 * since the screen was made, all on days the outlet can already be paid for; with each play's
 * price on the demo card (by its hour in Pago Pago), for the specs to check the payout by.
 */
export async function payableScreenWithPlays(
  request: APIRequestContext,
  token: string,
  plays: number,
  outlet: { name?: string; tier?: OutletTier; commission_bps?: number } = {},
): Promise<{ outlet: Outlet; screen: Screen; prices: number[] }> {
  const created = await request.post('/api/outlets', {
    headers: bearer(token),
    data: {
      name: outlet.name ?? `E2E Payout Outlet ${unique()}`,
      outlet_code: `E2E-PAY-${unique().toUpperCase()}`,
      timezone: PLAYING_ZONE,
      commission_bps: outlet.commission_bps ?? 1500,
      ...(outlet.tier ? { tier: outlet.tier } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return playsAtOutlet(request, token, (await created.json()).data, plays);
}

/**
 * A new screen of `payee` (an outlet made any way, e.g. through the onboarding form) with `plays`
 * plays on it, on days the outlet can already be paid for; with each play's price on the demo card.
 * The outlet plays in Pago Pago's zone and is left in Kiritimati's (see PAYABLE_OUTLET_ZONE).
 */
export async function playsAtOutlet(
  request: APIRequestContext,
  token: string,
  payee: Outlet,
  plays: number,
): Promise<{ outlet: Outlet; screen: Screen; prices: number[] }> {
  if (payee.timezone !== PLAYING_ZONE) {
    const playing = await request.patch(`/api/outlets/${payee.id}`, {
      headers: bearer(token),
      data: { timezone: PLAYING_ZONE },
    });
    expect(playing.status(), await playing.text()).toBe(200);
  }
  const { screen, passcode } = await createScreen(request, token, payee.id);
  const screenToken = await authenticateScreen(request, screen.screen_code, passcode);
  // The screen is handed its list and plays its shortest ad back to back from its creation, so the
  // plays fall under the card the demo put in force when the server started.
  const ad = shortestAd(await servedAds(request, screenToken));
  const instants = await backToBack(plays, ad, await screenCreatedAt(request, token, screen.screen_code));
  const playing = {
    screen_id: screen.id,
    outlet_id: payee.id,
    screen_code: screen.screen_code,
    timezone: PLAYING_ZONE,
  };
  await postPlays(
    request,
    screenToken,
    instants.map((at) => play(ad, playing, at)),
  );
  // Stored plays keep their date; the outlet's today is now Kiritimati's, a day or two later.
  const moved = await request.patch(`/api/outlets/${payee.id}`, {
    headers: bearer(token),
    data: { timezone: PAYABLE_OUTLET_ZONE },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  return {
    outlet: (await moved.json()).data,
    screen,
    prices: instants.map((at) => demoPlayPrice(at, payee.tier, PLAYING_ZONE)),
  };
}

/** Picks `from`–`to` in the payout form's period picker by typing both days, as a clerk would. */
export async function choosePeriod(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: /^Date range:/ }).click();
  const picker = page.getByRole('dialog');
  await picker.getByLabel('From', { exact: true }).fill(from);
  await picker.getByLabel('To', { exact: true }).fill(to);
  await picker.getByRole('button', { name: 'Apply range' }).click();
  await expect(picker).toHaveCount(0);
}
