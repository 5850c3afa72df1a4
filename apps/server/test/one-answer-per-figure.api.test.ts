import { randomUUID } from 'node:crypto';
import { minutesIntoDay } from '@adloop/contract/clock';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs } from '../src/db/schema.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import {
  createAd,
  createAdTransaction,
  createCompany,
  createOutlet,
  createScreen,
  recordScreenActivity,
} from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * Decision 092: the same question gets the same answer on every page, one test per pair.
 * - Analytics' "Billed" is Ad transactions' spend: the plays of the range priced by the rate card.
 * - Ad transactions' spend covers the period the list is filtered by, "All time" included.
 * - A company's analytics never says "no screen existed" beside the screens that played its ads.
 * - Uptime counts from when a screen was first switched on, on both the uptime page and analytics.
 */
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const localDate = (at: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
/** A zone in which the last hour and a bit lie within one day (Kolkata and New York are 9½–10½ hours apart). */
const zoneWithTheLastHourInOneDay = () =>
  ['Asia/Kolkata', 'America/New_York'].find((zone) => minutesIntoDay(Date.now(), zone) >= 75)!;

describe.each(databaseKinds)('one answer per figure on %s', (kind) => {
  const t = useTestApp(kind);
  const call = staffRequests(t);
  let admin: string;
  let zone: string;
  let today: string;
  let companyId: string;
  let otherCompanyId: string;
  let outletId: string;
  let screenId: string;
  const days = { from: '', to: '' };

  const read = async (url: string, token = admin) => {
    const response = await call('GET', url, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    zone = zoneWithTheLastHourInOneDay();
    today = localDate(Date.now(), zone);
    days.from = localDate(Date.now() - 6 * DAY_MS, zone);
    days.to = today;
    companyId = (await createCompany(t.db, { name: 'Masala Co' })).id;
    otherCompanyId = (await createCompany(t.db)).id;
    const ad = await createAd(t.db, companyId);
    const otherAd = await createAd(t.db, otherCompanyId);
    outletId = (await createOutlet(t.db, { timezone: zone })).id;
    // Created three hours ago, first switched on an hour ago, heard every minute since.
    const screen = await createScreen(t.db, outletId, { createdAt: new Date(Date.now() - 3 * 60 * MINUTE) });
    screenId = screen.id;
    const start = Date.now() - 60 * MINUTE;
    await recordScreenActivity(t.db, screen, 'ONLINE', new Date(start));
    for (let i = 1; i < 60; i += 1) await recordScreenActivity(t.db, screen, 'HEARTBEAT', new Date(start + i * MINUTE));
    // Plays priced by the card on three days of the range, and one long before it.
    const play = (of: { id: string; companyId: string }, date: string, priceMinor: number) => ({
      id: randomUUID(),
      adId: of.id,
      screenId,
      companyId: of.companyId,
      outletId,
      playedAt: new Date(Date.now() - 10 * MINUTE),
      playDate: date,
      playTime: '10:00:00',
      priceMinor,
    });
    await t.db
      .insert(playbackLogs)
      .values([
        play(ad, today, 150),
        play(ad, today, 225),
        play(ad, localDate(Date.now() - 2 * DAY_MS, zone), 300),
        play(otherAd, localDate(Date.now() - DAY_MS, zone), 188),
        play(ad, '2025-01-15', 1_000),
      ]);
    await rebuildRollups(t.db);
    // Paid: one payment in the range, one long before it; a pending one counts as neither.
    await createAdTransaction(t.db, companyId, { amountMinor: 500, status: 'COMPLETED', transactedAt: new Date() });
    await createAdTransaction(t.db, companyId, {
      amountMinor: 2_000,
      status: 'COMPLETED',
      transactedAt: new Date('2025-01-20T10:00:00Z'),
    });
    await createAdTransaction(t.db, companyId, { amountMinor: 700, status: 'PENDING', transactedAt: new Date() });
    admin = await signInAs(t);
  });

  it("analytics' Billed is Ad transactions' spend, for the network and for one company", async () => {
    const range = `from=${days.from}&to=${days.to}`;
    for (const slice of ['', `&company_id=${companyId}`, `&company_id=${otherCompanyId}`]) {
      const [overview, spend] = await Promise.all([
        read(`/api/analytics/overview?${range}${slice}`),
        read(`/api/ad-transaction/spend?${range}${slice}`),
      ]);
      expect(overview.revenue.billed_minor).toBe(spend.totals.spend_minor);
      expect(overview.revenue.received_minor).toBe(spend.totals.paid_minor);
      expect(overview.totals.plays).toBe(spend.totals.plays);
    }
    const whole = await read(`/api/analytics/overview?${range}`);
    expect(whole.revenue).toMatchObject({ billed_minor: 150 + 225 + 300 + 188, received_minor: 500 });
  });

  it("Ad transactions' spend covers all time when the list does, as its totals do", async () => {
    const [spend, totals] = await Promise.all([
      read(`/api/ad-transaction/spend?company_id=${companyId}`),
      read(`/api/ad-transaction/totals?company_id=${companyId}`),
    ]);
    expect(spend).toMatchObject({ from: null, to: null });
    expect(spend.totals).toMatchObject({ plays: 4, spend_minor: 150 + 225 + 300 + 1_000, paid_minor: 2_500 });
    expect(spend.totals.paid_minor).toBe(totals[0].completed_minor);
    const half = await call('GET', `/api/ad-transaction/spend?from=${days.from}`, admin);
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toContain('Give both ends of the period, or neither for all time');
  });

  it("a company's analytics says why it shows no uptime, never that no screen existed beside its plays", async () => {
    const advertiser = await signInAs(t, 'COMPANY_ADMIN', { companyId });
    const overview = await read(`/api/analytics/overview?from=${days.from}&to=${days.to}`, advertiser);
    expect(overview.totals).toMatchObject({
      plays: 3,
      screens: 1,
      uptime_pct: null,
      uptime_screens: null,
      uptime_unavailable: 'NOT_YOUR_SCREENS',
    });
    const sliced = await read(`/api/analytics/overview?from=${days.from}&to=${days.to}&company_id=${companyId}`);
    expect(sliced.totals).toMatchObject({ screens: 1, uptime_pct: null, uptime_unavailable: 'AD_OR_COMPANY_SLICE' });
    // The screen its plays ran on has an uptime, read by those who may: the outlet's staff.
    const venue = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outletId] });
    const theirs = await read(`/api/analytics/overview?from=${today}&to=${today}`, venue);
    expect(theirs.totals).toMatchObject({ screens: 1, uptime_screens: 1, uptime_pct: 100, uptime_unavailable: null });
  });

  it('uptime counts from when a screen was first switched on, on the uptime page and analytics alike', async () => {
    const [uptime] = await read(`/api/screen-activity/uptime?from=${today}&to=${today}&screen_id=${screenId}`);
    // Created three hours ago but switched on an hour ago: 60 of 60 minutes, not 60 of 180.
    expect(uptime.days).toEqual([{ date: today, uptime_pct: 100, online_minutes: 60, window_minutes: 60 }]);
    const overview = await read(`/api/analytics/overview?from=${today}&to=${today}&screen_id=${screenId}`);
    expect(overview.totals).toMatchObject({ uptime_pct: 100, uptime_screens: 1 });
    // A screen never switched on has no uptime rather than 0 %, and analytics says so in those words.
    const unplugged = await createScreen(t.db, (await createOutlet(t.db)).id);
    const [none] = await read(`/api/screen-activity/uptime?from=${today}&to=${today}&screen_id=${unplugged.id}`);
    expect(none.days[0]).toMatchObject({ uptime_pct: null, window_minutes: 0 });
    const quiet = await read(`/api/analytics/overview?from=${today}&to=${today}&screen_id=${unplugged.id}`);
    expect(quiet.totals).toMatchObject({
      uptime_pct: null,
      uptime_screens: 0,
      uptime_unavailable: 'NO_SCREEN_SWITCHED_ON',
    });
  });
});
