import type { Outlet } from '@adloop/contract/outlets';
import { lastPayableDay } from '@adloop/contract/payout-period';
import type { Screen } from '@adloop/contract/screens';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { authenticateScreen, bearer, createScreen, unique } from './factories.ts';
import { backToBack, play, postPlays, screenCreatedAt, servedAds, shortestAd } from './plays.ts';

/**
 * A payout pays only days before its outlet's today (decision 050), and a test can only play now.
 * So the outlet keeps Kiritimati's time (UTC+14) while its screen's clock runs on Pago Pago's
 * (UTC−11), 25 hours behind: the date the screen gives a play now is always a past day for the
 * outlet. The server takes a play's date from the screen's clock, as a real player sends it.
 */
export const PAYABLE_OUTLET_ZONE = 'Pacific/Kiritimati';
const SCREEN_CLOCK_ZONE = 'Pacific/Pago_Pago';

/** The screen's date of a play at `at`; sv-SE formats as "YYYY-MM-DD HH:MM:SS". */
const screenDate = (at: Date) => at.toLocaleString('sv-SE', { timeZone: SCREEN_CLOCK_ZONE }).slice(0, 10);

/** The last day a payout of such an outlet may end on: the day before its today. */
export const lastPayableOutletDay = () => lastPayableDay(PAYABLE_OUTLET_ZONE);

/** `day` moved by `days`, as YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * An outlet (15 % commission unless told) with one screen, and a play on it for each of
 * `playTimes` (the screen's wall-clock time of each), back to back since the screen was made,
 * all on days the outlet can already be paid for.
 */
export async function payableScreenWithPlays(
  request: APIRequestContext,
  token: string,
  playTimes: readonly string[],
  outlet: { name?: string; tier?: 'STANDARD' | 'PREMIUM' | 'FLAGSHIP'; commission_bps?: number } = {},
): Promise<{ outlet: Outlet; screen: Screen }> {
  const created = await request.post('/api/outlets', {
    headers: bearer(token),
    data: {
      name: outlet.name ?? `E2E Payout Outlet ${unique()}`,
      outlet_code: `E2E-PAY-${unique().toUpperCase()}`,
      timezone: PAYABLE_OUTLET_ZONE,
      commission_bps: outlet.commission_bps ?? 1500,
      ...(outlet.tier ? { tier: outlet.tier } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const payee: Outlet = (await created.json()).data;
  const { screen, passcode } = await createScreen(request, token, payee.id);
  const screenToken = await authenticateScreen(request, screen.screen_code, passcode);
  // The screen is handed its list and plays its shortest ad back to back from its creation, so the
  // plays fall under the card the demo put in force when the server started.
  const ad = shortestAd(await servedAds(request, screenToken));
  const instants = await backToBack(playTimes.length, ad, await screenCreatedAt(request, token, screen.screen_code));
  const playing = { screen_id: screen.id, outlet_id: payee.id, screen_code: screen.screen_code };
  const logs = playTimes.map((time, index) => {
    const at = instants[index]!;
    return { ...play(ad, playing, at, { play_time: time }), play_date: screenDate(at) };
  });
  await postPlays(request, screenToken, logs);
  return { outlet: payee, screen };
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
