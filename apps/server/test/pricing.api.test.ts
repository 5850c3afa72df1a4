import { randomUUID } from 'node:crypto';
import { outletWallClock, zonedInstant } from '@adloop/contract/clock';
import type { Role } from '@adloop/contract/roles';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs, playRollupsAdDaily, playRollupsDaily, playRollupsScreenDaily } from '../src/db/schema.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import { createAd, createCompany, createOutlet, createRateCard, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const LAUNCH_CARD = '00000000-0000-4000-8000-000000000001';
const tiers = { STANDARD: 200, PREMIUM: 300, FLAGSHIP: 400 };
/** Last week's card, in force until the test's card: its plays are priced by it. */
const lastWeekTiers = { STANDARD: 160, PREMIUM: 240, FLAGSHIP: 320 };
const lunch = { name: 'Lunch', start_time: '12:00', end_time: '14:00', multiplier_bps: 12_500 };
/**
 * A play is dated and timed by its instant on the outlet's clock (decision 072), so the plays of
 * these tests happen at the wall-clock times they need, last week. The outlets' zone keeps the
 * test's "now" out of lunch (its plays at the card's start must be off-peak): Kolkata, unless it
 * is near lunch there, then New York (10½ or 9½ hours behind).
 */
const ZONE = (() => {
  const hour = Number(outletWallClock(Date.now(), 'Asia/Kolkata').time.slice(0, 2));
  return hour >= 11 && hour < 15 ? 'America/New_York' : 'Asia/Kolkata';
})();
/** The outlet's date `days` before today. */
const daysAgo = (days: number) => {
  const today = outletWallClock(Date.now(), ZONE).date;
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};
const at = (date: string, time: string) => zonedInstant(date, time, ZONE).getTime();
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** Lunch plays four days ago; a late window three days ago that runs into the small hours of two days ago. */
const lunchDay = daysAgo(4);
const lateDay = daysAgo(3);
const dayAfterLate = daysAgo(2);
const late = {
  name: 'Late',
  days_of_week: [weekday(lateDay)],
  start_time: '22:00',
  end_time: '02:00',
  multiplier_bps: 20_000,
};
type AmountRow = { key: string; amount: string };
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

describe.each(databaseKinds)('rate cards and dynamic pricing on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = {} as Record<Role | 'OTHER_COMPANY_ADMIN', string>;
  let ids: {
    company: string;
    otherCompany: string;
    ad: string;
    otherAd: string;
    standardOutlet: string;
    premiumOutlet: string;
    standardScreen: string;
    premiumScreen: string;
  };
  const screenTokens = {} as Record<'standard' | 'premium', string>;
  let cardId: string;
  let cardFrom: number;

  const call = staffRequests(t);
  const create = (body: object, token = tokens.GLOBAL_ADMIN) => call('POST', '/api/rate-cards', token, body);

  /** Sends plays from a screen, each at its instant, with the wall clock an honest screen of the outlet reports. */
  async function play(
    where: 'standard' | 'premium',
    plays: Array<{ at: number; ad?: 'own' | 'other' }>,
  ): Promise<string[]> {
    const screenId = where === 'standard' ? ids.standardScreen : ids.premiumScreen;
    const outletId = where === 'standard' ? ids.standardOutlet : ids.premiumOutlet;
    const logs = plays.map((each) => {
      const clock = outletWallClock(each.at, ZONE);
      return {
        id: randomUUID(),
        ad_id: each.ad === 'other' ? ids.otherAd : ids.ad,
        screen_id: screenId,
        company_id: each.ad === 'other' ? ids.otherCompany : ids.company,
        outlet_id: outletId,
        play_date: clock.date,
        play_time: clock.time,
        play_count: 1,
        played_at: new Date(each.at).toISOString(),
        additional_info: {},
      };
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/playback-logs/log',
      headers: bearer(screenTokens[where]),
      payload: { logs },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.refused).toEqual([]);
    return logs.map((log) => log.id);
  }

  async function pricesOf(playIds: string[]): Promise<number[]> {
    const rows = await t.db
      .select({ id: playbackLogs.id, price: playbackLogs.priceMinor })
      .from(playbackLogs)
      .where(inArray(playbackLogs.id, playIds));
    const byId = new Map(rows.map((row) => [row.id, row.price]));
    return playIds.map((id) => byId.get(id) ?? -1);
  }

  beforeAll(async () => {
    const company = await createCompany(t.db, { name: 'Chai Point' });
    const otherCompany = await createCompany(t.db, { name: 'Rival Snacks' });
    const standardOutlet = await createOutlet(t.db, { name: 'Corner Cafe', commissionBps: 1000, timezone: ZONE });
    const premiumOutlet = await createOutlet(t.db, {
      name: 'Mall Food Court',
      tier: 'PREMIUM',
      commissionBps: 2000,
      timezone: ZONE,
    });
    // One-second ads, so plays a second apart either side of a card's start can both have happened (decision 036).
    const ad = await createAd(t.db, company.id, { title: 'Masala Chai', durationSeconds: 1 });
    const otherAd = await createAd(t.db, otherCompany.id, { title: 'Samosa Box', durationSeconds: 1 });
    const standardScreen = await createScreen(t.db, standardOutlet.id);
    const premiumScreen = await createScreen(t.db, premiumOutlet.id);
    ids = {
      company: company.id,
      otherCompany: otherCompany.id,
      ad: ad.id,
      otherAd: otherAd.id,
      standardOutlet: standardOutlet.id,
      premiumOutlet: premiumOutlet.id,
      standardScreen: standardScreen.id,
      premiumScreen: premiumScreen.id,
    };
    screenTokens.standard = (await connectScreen(t.app, standardScreen)).access_token;
    screenTokens.premium = (await connectScreen(t.app, premiumScreen)).access_token;
    tokens.GLOBAL_ADMIN = await signInAs(t);
    tokens.COMPANY_ADMIN = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
    tokens.COMPANY_EMPLOYEE = await signInAs(t, 'COMPANY_EMPLOYEE', { companyId: company.id });
    tokens.OUTLET_ADMIN = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [standardOutlet.id] });
    tokens.OUTLET_EMPLOYEE = await signInAs(t, 'OUTLET_EMPLOYEE', { outletIds: [standardOutlet.id] });
    tokens.UNMAPPED = await signInAs(t, 'UNMAPPED');
    tokens.OTHER_COMPANY_ADMIN = await signInAs(t, 'COMPANY_ADMIN', { companyId: otherCompany.id });
  });

  it('answers the launch card publicly, with no next card yet', async () => {
    const response = await call('GET', '/api/rate-cards/current');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      current: {
        id: LAUNCH_CARD,
        tiers: { STANDARD: 150, PREMIUM: 225, FLAGSHIP: 300 },
        dayparts: [],
        status: 'IN_FORCE',
        in_force: true,
      },
      next: null,
    });
  });

  describe('validation', () => {
    const valid = { effective_from: inAYear(), tiers };
    const cases: Array<[string, object, string]> = [
      ['no tiers', { effective_from: inAYear() }, 'tiers'],
      ['a missing tier', { ...valid, tiers: { STANDARD: 150, PREMIUM: 225 } }, 'tiers.FLAGSHIP'],
      ['a zero rate', { ...valid, tiers: { ...tiers, STANDARD: 0 } }, 'tiers.STANDARD'],
      ['a negative rate', { ...valid, tiers: { ...tiers, PREMIUM: -5 } }, 'tiers.PREMIUM'],
      ['a huge rate', { ...valid, tiers: { ...tiers, FLAGSHIP: 10_000_000_000 } }, 'tiers.FLAGSHIP'],
      ['a fractional rate', { ...valid, tiers: { ...tiers, STANDARD: 1.5 } }, 'tiers.STANDARD'],
      ['a rate as text', { ...valid, tiers: { ...tiers, STANDARD: '150' } }, 'tiers.STANDARD'],
      ['an unknown tier', { ...valid, tiers: { ...tiers, GOLD: 500 } }, 'tiers'],
      ['a bad time', { ...valid, dayparts: [{ ...lunch, start_time: '25:00' }] }, 'dayparts.0.start_time'],
      ['a time with seconds', { ...valid, dayparts: [{ ...lunch, end_time: '14:00:00' }] }, 'dayparts.0.end_time'],
      [
        'a window ending where it starts',
        { ...valid, dayparts: [{ ...lunch, end_time: '12:00' }] },
        'dayparts.0.end_time',
      ],
      [
        'a multiplier too low',
        { ...valid, dayparts: [{ ...lunch, multiplier_bps: 999 }] },
        'dayparts.0.multiplier_bps',
      ],
      [
        'a multiplier too high',
        { ...valid, dayparts: [{ ...lunch, multiplier_bps: 100_001 }] },
        'dayparts.0.multiplier_bps',
      ],
      ['a duplicate day', { ...valid, dayparts: [{ ...lunch, days_of_week: [1, 1] }] }, 'dayparts.0.days_of_week'],
      ['a day out of range', { ...valid, dayparts: [{ ...lunch, days_of_week: [7] }] }, 'dayparts.0.days_of_week'],
      ['an empty daypart name', { ...valid, dayparts: [{ ...lunch, name: '  ' }] }, 'dayparts.0.name'],
      ['a long daypart name', { ...valid, dayparts: [{ ...lunch, name: 'x'.repeat(61) }] }, 'dayparts.0.name'],
      ['two dayparts of one name', { ...valid, dayparts: [lunch, { ...lunch, name: 'lunch' }] }, 'dayparts.1.name'],
      [
        'too many dayparts',
        { ...valid, dayparts: Array.from({ length: 21 }, (_, n) => ({ ...lunch, name: `Peak ${n}` })) },
        'dayparts',
      ],
      ['a malformed instant', { ...valid, effective_from: 'tomorrow' }, 'effective_from'],
      ['an unknown field', { ...valid, rate_minor: 150 }, 'rate_minor'],
    ];
    it.each(cases)('refuses %s with a 400 naming the field', async (_name, body, field) => {
      const response = await create(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(field);
    });

    it('refuses a backdated card, and one sooner than the lead time, naming effective_from', async () => {
      for (const at of [
        new Date(Date.now() - 60_000),
        new Date(Date.now() + 2_000),
        new Date('1970-01-01T00:00:00Z'),
      ]) {
        const response = await create({ tiers, effective_from: at.toISOString() });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain('A rate card must take effect at least 10 seconds from now');
        expect(response.json().details[0].path).toBe('effective_from');
      }
    });

    it('refuses a second card for the same instant with a 409', async () => {
      const at = new Date(Date.now() + 200 * 86_400_000).toISOString();
      const first = await create({ tiers, effective_from: at });
      expect(first.statusCode).toBe(201);
      const second = await create({ tiers: { ...tiers, STANDARD: 999 }, effective_from: at });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toContain('already takes effect');
      expect((await call('DELETE', `/api/rate-cards/${first.json().data.id}`, tokens.GLOBAL_ADMIN)).statusCode).toBe(
        204,
      );
    });

    it('refuses malformed JSON and a malformed id with a 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/rate-cards',
        headers: { ...bearer(tokens.GLOBAL_ADMIN), 'content-type': 'application/json' },
        payload: '{"tiers": {',
      });
      expect(response.statusCode).toBe(400);
      expect((await call('DELETE', '/api/rate-cards/not-a-uuid', tokens.GLOBAL_ADMIN)).statusCode).toBe(400);
      expect((await call('DELETE', `/api/rate-cards/${randomUUID()}`, tokens.GLOBAL_ADMIN)).statusCode).toBe(404);
    });
  });

  describe('who may do what', () => {
    const readers: Role[] = ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'COMPANY_EMPLOYEE', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE'];
    const others: Role[] = ['COMPANY_ADMIN', 'COMPANY_EMPLOYEE', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE', 'UNMAPPED'];

    it('lets every staff role but unmapped read the cards; nobody unsigned', async () => {
      for (const role of readers) expect((await call('GET', '/api/rate-cards', tokens[role])).statusCode).toBe(200);
      expect((await call('GET', '/api/rate-cards', tokens.UNMAPPED)).statusCode).toBe(403);
      expect((await call('GET', '/api/rate-cards')).statusCode).toBe(401);
      expect((await call('GET', '/api/rate-cards/current')).statusCode).toBe(200);
    });

    it('lets only a global admin schedule or withdraw a card', async () => {
      const scheduled = await create({ tiers, effective_from: inAYear(), note: 'Next year' });
      expect(scheduled.statusCode).toBe(201);
      const id = scheduled.json().data.id;
      for (const role of others) {
        expect((await create({ tiers, effective_from: inAYear() }, tokens[role])).statusCode).toBe(403);
        expect((await call('DELETE', `/api/rate-cards/${id}`, tokens[role])).statusCode).toBe(403);
      }
      expect((await call('POST', '/api/rate-cards', undefined, { tiers })).statusCode).toBe(401);
      const current = (await call('GET', '/api/rate-cards/current')).json().data;
      expect(current.next).toMatchObject({ status: 'SCHEDULED', in_force: false });
      expect((await call('DELETE', `/api/rate-cards/${id}`, tokens.GLOBAL_ADMIN)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/rate-cards/${id}`, tokens.GLOBAL_ADMIN)).statusCode).toBe(404);
    });

    it('never withdraws a card in force', async () => {
      const response = await call('DELETE', `/api/rate-cards/${LAUNCH_CARD}`, tokens.GLOBAL_ADMIN);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('in force');
    });

    it('lets only a global admin set an outlet tier; an outlet admin is told which field', async () => {
      const refused = await call('PATCH', `/api/outlets/${ids.standardOutlet}`, tokens.OUTLET_ADMIN, {
        tier: 'FLAGSHIP',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('tier');
      const bad = await call('PATCH', `/api/outlets/${ids.standardOutlet}`, tokens.GLOBAL_ADMIN, { tier: 'GOLD' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('tier');
      const read = await call('GET', `/api/outlets/${ids.premiumOutlet}`, tokens.GLOBAL_ADMIN);
      expect(read.json().data.tier).toBe('PREMIUM');
      const filtered = await call('GET', '/api/outlets?tier=PREMIUM', tokens.GLOBAL_ADMIN);
      expect(filtered.json().data.map((outlet: { id: string }) => outlet.id)).toEqual([ids.premiumOutlet]);
    });
  });

  describe('plays priced by the card in force', () => {
    let before: string[];
    let after: string[];
    let peak: string[];
    let premium: string[];
    let lateArrival: string[];
    let midnight: string[];
    let lastWeekCard: string;

    beforeAll(async () => {
      // Last week's card (in force from six and a half days ago) prices the plays of last week.
      lastWeekCard = (
        await createRateCard(t.db, {
          effectiveFrom: new Date(Date.now() - 6.5 * 86_400_000),
          tiers: lastWeekTiers,
          dayparts: [lunch, late],
        })
      ).id;
      t.app.pricing.forget({ type: 'pricing.changed' });
      // Scheduled "as soon as possible": the lead time from now.
      const created = await create({ tiers, dayparts: [lunch, late], note: 'Peaks' });
      expect(created.statusCode, created.body).toBe(201);
      cardId = created.json().data.id;
      cardFrom = Date.parse(created.json().data.effective_from);
      expect(cardFrom).toBeGreaterThanOrEqual(Date.now() + 8_000);
      expect(created.json().data).toMatchObject({ status: 'SCHEDULED' });
      expect(
        created
          .json()
          .data.dayparts.map((daypart: { name: string }) => daypart.name)
          .sort(),
      ).toEqual(['Late', 'Lunch']);
      while (Date.now() < cardFrom + 50) await new Promise((resolve) => setTimeout(resolve, 250));

      before = await play('standard', [{ at: cardFrom - 1000 }]);
      after = await play('standard', [{ at: cardFrom + 1 }]);
      peak = await play('standard', [
        { at: at(lunchDay, '12:00:00') },
        { at: at(lunchDay, '13:59:59') },
        { at: at(lunchDay, '14:00:00') },
      ]);
      premium = await play('premium', [
        { at: at(lunchDay, '09:00:00') },
        { at: at(lunchDay, '12:30:00'), ad: 'other' },
      ]);
      // Offline for two days: priced by the card of its own time, not today's.
      lateArrival = await play('standard', [{ at: at(dayAfterLate, '10:00:00') }]);
      midnight = await play('standard', [
        { at: at(dayAfterLate, '01:30:00') }, // in the late window that started the day before
        { at: at(lateDay, '01:30:00') }, // the late day's own small hours: not
      ]);
    }, 30_000);

    it('prices plays either side of effective_from by their own card', async () => {
      expect(await pricesOf(before)).toEqual([160]);
      expect(await pricesOf(after)).toEqual([200]);
      const current = (await call('GET', '/api/rate-cards/current')).json().data;
      expect(current.current.id).toBe(cardId);
      const list = (await call('GET', '/api/rate-cards', tokens.COMPANY_EMPLOYEE)).json().data;
      expect(list.map((card: { id: string; status: string }) => [card.id, card.status])).toEqual([
        [cardId, 'IN_FORCE'],
        [lastWeekCard, 'PAST'],
        [LAUNCH_CARD, 'PAST'],
      ]);
    });

    it("prices a peak play at the daypart's multiplier on the outlet's clock, its end exclusive", async () => {
      expect(await pricesOf(peak)).toEqual([200, 200, 160]);
    });

    it("prices by the outlet's tier", async () => {
      expect(await pricesOf(premium)).toEqual([240, 300]);
    });

    it('prices a late-arriving play by the card of its own time', async () => {
      expect(await pricesOf(lateArrival)).toEqual([160]);
    });

    it('prices the small hours after a late window by the day it started', async () => {
      expect(await pricesOf(midnight)).toEqual([320, 160]);
    });

    it("prices a forged late-night play at its true hour and dates it by the outlet's clock (decision 072)", async () => {
      // A play at 10:00:05 on the outlet's clock, reported as 23:00 on 31 Dec 2099 (a late window would double it).
      const instant = at(dayAfterLate, '10:00:05');
      const forged = {
        id: randomUUID(),
        ad_id: ids.ad,
        screen_id: ids.premiumScreen,
        company_id: ids.company,
        outlet_id: ids.premiumOutlet,
        play_date: '2099-12-31',
        play_time: '23:00:00',
        play_count: 1,
        played_at: new Date(instant).toISOString(),
        additional_info: {},
      };
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/playback-logs/log',
        headers: bearer(screenTokens.premium),
        payload: { logs: [forged] },
      });
      expect(response.json().data.stored).toEqual([forged.id]);
      const [row] = await t.db
        .select({ price: playbackLogs.priceMinor, date: playbackLogs.playDate, time: playbackLogs.playTime })
        .from(playbackLogs)
        .where(inArray(playbackLogs.id, [forged.id]));
      expect(row).toEqual({ price: 240, date: dayAfterLate, time: '10:00:05' });
      const in2099 = await call('GET', '/api/ad-transaction/spend?from=2099-12-01&to=2099-12-31', tokens.GLOBAL_ADMIN);
      expect(in2099.statusCode).toBe(200);
      expect(in2099.json().data.totals).toMatchObject({ plays: 0, spend_minor: 0 });
      // The playback log still shows what the screen claimed, as its own clock.
      const logged = await call('GET', `/api/playback-logs?screen_id=${ids.premiumScreen}`, tokens.GLOBAL_ADMIN);
      expect(logged.json().data.find((entry: { id: string }) => entry.id === forged.id)).toMatchObject({
        play_date: dayAfterLate,
        play_time: '10:00:05',
        screen_date: '2099-12-31',
        screen_time: '23:00:00',
      });
      // Out of the spend and payout sums below.
      await t.db.delete(playbackLogs).where(inArray(playbackLogs.id, [forged.id]));
      await rebuildRollups(t.db);
    });

    it('keeps rollup amounts equal to the sum of the log prices, and a rebuild reproduces them', async () => {
      const fromLogs = async () =>
        (
          (await t.db.execute(sql`
            select play_date::text || '/' || ad_id || '/' || screen_id as key, sum(price_minor)::text as amount
            from ${playbackLogs} group by 1 order by 1`)) as { rows: AmountRow[] }
        ).rows;
      const fromRollup = async () =>
        (
          (await t.db.execute(sql`
            select play_date::text || '/' || ad_id || '/' || screen_id as key, amount_minor::text as amount
            from ${playRollupsDaily} order by 1`)) as { rows: AmountRow[] }
        ).rows;
      const totals = async () => {
        const [ad] = await t.db.select({ sum: sql<string>`sum(amount_minor)::text` }).from(playRollupsAdDaily);
        const [screen] = await t.db.select({ sum: sql<string>`sum(amount_minor)::text` }).from(playRollupsScreenDaily);
        return [ad?.sum, screen?.sum];
      };
      const logs = await fromLogs();
      expect(logs.length).toBeGreaterThan(3);
      expect(await fromRollup()).toEqual(logs);
      const sum = String(logs.reduce((total, row) => total + Number(row.amount), 0));
      expect(await totals()).toEqual([sum, sum]);
      await rebuildRollups(t.db);
      expect(await fromRollup()).toEqual(logs);
      expect(await totals()).toEqual([sum, sum]);
    });

    it("proposes a payout whose gross is the sum of the plays' prices", async () => {
      const period = `period_start=${lunchDay}&period_end=${dayAfterLate}`;
      const proposal = await call(
        'GET',
        `/api/screen-payout/proposal?outlet_id=${ids.standardOutlet}&${period}`,
        tokens.GLOBAL_ADMIN,
      );
      expect(proposal.statusCode, proposal.body).toBe(200);
      const [line] = proposal.json().data.lines;
      // Last week's plays: 200 + 200 + 160 (lunch) + 160 (late arrival) + 320 + 160 (small hours) = 1,200
      // over 6 plays; today's (either side of the new card) are not in the period. 10 % commission.
      expect(line).toMatchObject({
        plays: 6,
        gross_minor: 1200,
        rate_minor: 200,
        commission_minor: 120,
        amount_minor: 1080,
      });
      const premiumProposal = await call(
        'GET',
        `/api/screen-payout/proposal?screen_id=${ids.premiumScreen}&period_start=${lunchDay}&period_end=${lunchDay}`,
        tokens.GLOBAL_ADMIN,
      );
      // 240 + 300 = 540; 20 % = 108
      expect(premiumProposal.json().data.lines[0]).toMatchObject({
        gross_minor: 540,
        commission_minor: 108,
        amount_minor: 432,
      });
      const created = await call('POST', '/api/screen-payout', tokens.GLOBAL_ADMIN, {
        screen_id: ids.premiumScreen,
        period_start: lunchDay,
        period_end: lunchDay,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data[0]).toMatchObject({ plays: 2, rate_minor: 270, gross_minor: 540, amount_minor: 432 });
    });

    it('prices plays ingested after a tier change at the new tier, and leaves stored ones alone', async () => {
      const changed = await call('PATCH', `/api/outlets/${ids.standardOutlet}`, tokens.GLOBAL_ADMIN, {
        tier: 'FLAGSHIP',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.tier).toBe('FLAGSHIP');
      // Today, outside the periods the payout and spend tests add up; after the screen's other plays.
      const next = await play('standard', [{ at: cardFrom + 6_000 }]);
      expect(await pricesOf(next)).toEqual([400]);
      expect(await pricesOf(after)).toEqual([200]);
      await call('PATCH', `/api/outlets/${ids.standardOutlet}`, tokens.GLOBAL_ADMIN, { tier: 'STANDARD' });
    });

    it("sums a company's spend per ad beside its completed payments", async () => {
      const paid = async (amount: number, status: string) =>
        expect(
          (
            await call('POST', '/api/ad-transaction', tokens.GLOBAL_ADMIN, {
              company_id: ids.company,
              amount_minor: amount,
              method: 'UPI',
              status,
              transacted_at: new Date(at(lateDay, '10:00:00')).toISOString(),
            })
          ).statusCode,
        ).toBe(201);
      await paid(1000, 'COMPLETED');
      await paid(99_999, 'PENDING');
      const range = `from=${lunchDay}&to=${dayAfterLate}`;
      const mine = await call('GET', `/api/ad-transaction/spend?${range}`, tokens.COMPANY_ADMIN);
      expect(mine.statusCode).toBe(200);
      // Chai Point: the standard outlet's 6 plays of last week (1,200) and the premium 09:00 play (240).
      expect(mine.json().data).toMatchObject({
        currency: 'INR',
        companies: [
          {
            company_id: ids.company,
            company_name: 'Chai Point',
            plays: 7,
            spend_minor: 1440,
            paid_minor: 1000,
            balance_minor: 440,
            ads: [{ ad_id: ids.ad, title: 'Masala Chai', plays: 7, spend_minor: 1440 }],
          },
        ],
        totals: { plays: 7, spend_minor: 1440, paid_minor: 1000, balance_minor: 440 },
      });
      const all = await call('GET', `/api/ad-transaction/spend?${range}`, tokens.GLOBAL_ADMIN);
      expect(all.json().data.totals).toEqual({ plays: 8, spend_minor: 1740, paid_minor: 1000, balance_minor: 740 });
      const one = await call(
        'GET',
        `/api/ad-transaction/spend?${range}&company_id=${ids.otherCompany}`,
        tokens.GLOBAL_ADMIN,
      );
      expect(one.json().data.companies).toMatchObject([
        { company_name: 'Rival Snacks', spend_minor: 300, balance_minor: 300 },
      ]);
      const empty = await call('GET', '/api/ad-transaction/spend?from=2025-01-01&to=2025-01-31', tokens.COMPANY_ADMIN);
      expect(empty.json().data.companies).toMatchObject([
        { company_id: ids.company, spend_minor: 0, balance_minor: 0 },
      ]);
    });

    it("keeps spend to the caller's tenancy and refuses a bad period", async () => {
      const range = 'from=2026-11-01&to=2026-11-30';
      const other = await call(
        'GET',
        `/api/ad-transaction/spend?${range}&company_id=${ids.otherCompany}`,
        tokens.COMPANY_ADMIN,
      );
      expect(other.statusCode).toBe(404);
      const theirs = await call('GET', `/api/ad-transaction/spend?${range}`, tokens.OTHER_COMPANY_ADMIN);
      expect(theirs.json().data.companies.map((c: { company_id: string }) => c.company_id)).toEqual([ids.otherCompany]);
      expect((await call('GET', `/api/ad-transaction/spend?${range}`, tokens.OUTLET_ADMIN)).statusCode).toBe(403);
      expect((await call('GET', `/api/ad-transaction/spend?${range}`)).statusCode).toBe(401);
      const unknown = await call(
        'GET',
        `/api/ad-transaction/spend?${range}&company_id=${randomUUID()}`,
        tokens.GLOBAL_ADMIN,
      );
      expect(unknown.statusCode).toBe(404);
      for (const query of [
        'from=2026-11-30&to=2026-11-01',
        'from=2020-01-01&to=2026-01-01',
        'from=nope&to=2026-11-01',
        'to=2026-11-01',
      ]) {
        const response = await call('GET', `/api/ad-transaction/spend?${query}`, tokens.GLOBAL_ADMIN);
        expect(response.statusCode, query).toBe(400);
      }
    });
  });
});
