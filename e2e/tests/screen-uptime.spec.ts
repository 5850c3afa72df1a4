import { minutesIntoDay } from '@adloop/contract/clock';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { authenticateScreen, bearer, createScreen, tokenOf, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';

/**
 * Uptime and the activity feed (decision 048) on the Screen activity page: an hour of heartbeats
 * posted through the API, dated in the past as a player's records are, read back as 100 % and
 * 50 %, and the second screen's going offline and coming back in its timeline.
 */

const MINUTE = 60_000;

/** A zone in which the last hour and a bit lie within one day (Kolkata and New York are 9½–10½ hours apart). */
const zoneWithTheLastHourInOneDay = () =>
  ['Asia/Kolkata', 'America/New_York'].find((zone) => minutesIntoDay(Date.now(), zone) >= 75)!;

type SeededScreen = { id: string; code: string };

/** A screen of `outletId` that posts `minutes` (minutes before now) as its online post then heartbeats. */
async function screenWithHistory(
  request: APIRequestContext,
  token: string,
  outletId: string,
  minutes: readonly number[],
): Promise<SeededScreen> {
  const { screen, passcode } = await createScreen(request, token, outletId);
  const screenToken = await authenticateScreen(request, screen.screen_code, passcode);
  const now = Date.now();
  for (const [index, ago] of minutes.entries()) {
    const at = new Date(now - ago * MINUTE);
    const post = () =>
      request.post(`/api/screen-activity/${index === 0 ? 'online' : 'heartbeat'}`, {
        headers: bearer(screenToken),
        data: {
          screen_id: screen.id,
          outlet_id: outletId,
          activity_date: at.toISOString().slice(0, 10),
          activity_time: at.toISOString().slice(11, 19),
          occurred_at: at.toISOString(),
          additional_info: { screen_code: screen.screen_code },
        },
      });
    let response = await post();
    // A busy server sheds screen posts (decision 045); like the player, wait as long as it asks.
    while (response.status() === 503) {
      const seconds = Number(response.headers()['retry-after'] ?? 1);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      response = await post();
    }
    expect(response.ok(), await response.text()).toBeTruthy();
  }
  return { id: screen.id, code: screen.screen_code };
}

for (const width of [390, 1440]) {
  test.describe(`screen uptime at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 720 ? 844 : 900 } });

    test('shows 100 % and 50 %, and the second screen going offline and back', async ({ page, request }) => {
      test.setTimeout(90_000);
      const token = await tokenOf(request);
      const zone = zoneWithTheLastHourInOneDay();
      const created = await request.post('/api/outlets', {
        headers: bearer(token),
        data: { name: `Uptime Cafe ${unique()}`, outlet_code: `E2E-UP-${unique().toUpperCase()}`, timezone: zone },
      });
      expect(created.status(), await created.text()).toBe(201);
      const outletId: string = (await created.json()).data.id;
      const hour = Array.from({ length: 60 }, (_, index) => 60 - index);
      // Heartbeats every minute for the last hour; then one that stopped for 30 of those minutes.
      const steady = await screenWithHistory(request, token, outletId, hour);
      const dropped = await screenWithHistory(
        request,
        token,
        outletId,
        hour.filter((ago) => ago > 45 || ago <= 15),
      );
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(Date.now());

      await signInAs(
        page,
        request,
        `/dashboard/screen-activity?outlet_id=${outletId}&from=${today}&to=${today}&screen=${dropped.id}`,
      );
      const grid = page.getByRole('table', { name: 'Uptime per screen per day' });
      // One day in range: the day's cell, then the overall one.
      await expect(grid.getByRole('row').filter({ hasText: steady.code }).getByRole('cell')).toHaveText([
        '100%',
        '100%',
      ]);
      await expect(grid.getByRole('row').filter({ hasText: dropped.code }).getByRole('cell')).toHaveText([
        '50%',
        '50%',
      ]);

      const timeline = page.getByRole('list', { name: 'Timeline' });
      await expect(timeline.getByRole('listitem')).toHaveText([
        /^Back online · after 30 min offline/,
        /^Went offline · Its heartbeats stopped/,
        /^First seen online/,
      ]);
      // Times are on the outlet's clock, and say so.
      const zoneShown = zone === 'Asia/Kolkata' ? 'IST' : 'GMT-';
      await expect(timeline.getByRole('listitem').first()).toContainText(zoneShown);
      await expect(grid.getByRole('row').filter({ hasText: dropped.code })).toContainText(zoneShown);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`screen-uptime-${width}.png`), fullPage: true });
    });
  });
}
