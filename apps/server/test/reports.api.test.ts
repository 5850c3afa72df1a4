import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playRollupsAdDaily, playRollupsDaily, playRollupsScreenDaily } from '../src/db/schema.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signedIn, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

// Days of the past week, so every play is inside the 7-day reporting window (decision 036).
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const [day0, day1, day2] = [dayAgo(5), dayAgo(4), dayAgo(3)];

describe.each(databaseKinds)('proof of play, activity and analytics on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let companyAdmin: string;
  let outletAdmin: string;
  let screenToken: string;
  let ids: { ad: string; otherAd: string; company: string; otherCompany: string; screen: string; outlet: string };
  const playIds: string[] = [];

  const play = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    ad_id: ids.ad,
    screen_id: ids.screen,
    company_id: ids.company,
    outlet_id: ids.outlet,
    play_date: day1,
    play_time: '18:04:05',
    play_count: 1,
    played_at: `${day1}T12:34:05.000Z`,
    additional_info: { ad_title: 'Filter coffee', screen_code: 'X' },
    ...overrides,
  });
  const post = (logs: object[]) =>
    t.app.inject({ method: 'POST', url: '/api/playback-logs/log', headers: bearer(screenToken), payload: { logs } });
  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    const company = await createCompany(t.db, { name: 'Filter Coffee Co' });
    const otherCompany = await createCompany(t.db, { name: '=Other Brand' });
    const outlet = await createOutlet(t.db, { name: 'Cafe Kolkata', timezone: 'Asia/Kolkata', commissionBps: 1500 });
    const ad = await createAd(t.db, company.id, { title: 'Filter coffee' });
    const otherAd = await createAd(t.db, otherCompany.id, { title: 'Other launch' });
    const screen = await createScreen(t.db, outlet.id);
    ids = {
      ad: ad.id,
      otherAd: otherAd.id,
      company: company.id,
      otherCompany: otherCompany.id,
      screen: screen.id,
      outlet: outlet.id,
    };
    screenToken = (await connectScreen(t.app, screen)).access_token;
    admin = await signInAs(t);
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outlet.id] });

    const logs = [
      ...Array.from({ length: 6 }, (_, i) => play({ played_at: `${day1}T12:3${i}:05.000Z` })),
      // One screen shows one play at a time (decision 036): plays of the 5 s ads are 10 s apart.
      // A screen on Kolkata time reports its own wall clock: 05:00 UTC is 10:30 there.
      ...Array.from({ length: 3 }, (_, i) =>
        play({ play_date: day2, play_time: `10:30:${i}0`, played_at: `${day2}T05:00:${i}0.000Z` }),
      ),
      ...Array.from({ length: 2 }, (_, i) =>
        play({
          ad_id: otherAd.id,
          company_id: otherCompany.id,
          play_date: day2,
          played_at: `${day2}T06:00:${i}0.000Z`,
        }),
      ),
    ];
    playIds.push(...logs.map((log) => log.id));
    const posted = await post(logs);
    expect(posted.json().data.refused, posted.body).toEqual([]);
    expect((await post(logs.slice(0, 4))).json().data.duplicates).toHaveLength(4);
  });

  it('keeps the daily rollups equal to the logs, and a rebuild recomputes the same', async () => {
    const rollups = async () =>
      t.db
        .select({
          day: sql<string>`${playRollupsDaily.playDate}::text`,
          ad: playRollupsDaily.adId,
          plays: playRollupsDaily.plays,
        })
        .from(playRollupsDaily)
        .orderBy(playRollupsDaily.playDate, playRollupsDaily.plays);
    const maintained = await rollups();
    expect(maintained).toEqual([
      { day: day1, ad: ids.ad, plays: 6 },
      { day: day2, ad: ids.otherAd, plays: 2 },
      { day: day2, ad: ids.ad, plays: 3 },
    ]);
    const coarse = async () => ({
      ad: await t.db
        .select({
          day: sql<string>`${playRollupsAdDaily.playDate}::text`,
          ad: playRollupsAdDaily.adId,
          plays: playRollupsAdDaily.plays,
        })
        .from(playRollupsAdDaily)
        .orderBy(playRollupsAdDaily.playDate, playRollupsAdDaily.plays),
      screen: await t.db
        .select({ day: sql<string>`${playRollupsScreenDaily.playDate}::text`, plays: playRollupsScreenDaily.plays })
        .from(playRollupsScreenDaily)
        .orderBy(playRollupsScreenDaily.playDate),
    });
    const maintainedCoarse = await coarse();
    expect(maintainedCoarse.ad).toEqual(maintained);
    expect(maintainedCoarse.screen).toEqual([
      { day: day1, plays: 6 },
      { day: day2, plays: 5 },
    ]);
    expect(await rebuildRollups(t.db)).toEqual({ rows: 3, plays: 11 });
    expect(await rollups()).toEqual(maintained);
    expect(await coarse()).toEqual(maintainedCoarse);
  });

  it("lists plays with names and the play's time in the outlet's zone, filtered and scoped", async () => {
    const page = await get(`/api/playback-logs?ad_id=${ids.ad}&from=${day1}T00:00:00Z&to=${day2}T00:00:00Z`);
    expect(page.statusCode).toBe(200);
    const rows = page.json().data;
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      ad_title: 'Filter coffee',
      company_name: 'Filter Coffee Co',
      outlet_name: 'Cafe Kolkata',
      timezone: 'Asia/Kolkata',
      played_at: `${day1}T12:35:05.000Z`,
      played_at_local: `${day1} 18:05:05`,
    });
    const own = await get('/api/playback-logs?limit=500', companyAdmin);
    expect(own.json().data.every((row: { company_id: string }) => row.company_id === ids.company)).toBe(true);
    expect(own.json().data).toHaveLength(9);
    expect((await get('/api/playback-logs?limit=500', outletAdmin)).json().data).toHaveLength(11);
  });

  it('exports the filtered plays as CSV through a short-lived link', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/playback-logs/exports',
      headers: bearer(admin),
      payload: { from: `${day2}T00:00:00Z` },
    });
    expect(link.statusCode).toBe(200);
    const { url } = link.json().data;
    const csv = await t.app.inject({ method: 'GET', url });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="adloop-plays-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,played_at_utc,played_at_outlet,outlet_timezone,screen_clock,play_count,ad_id,ad_title,company_name,screen_code,outlet_code,outlet_name',
    );
    expect(lines).toHaveLength(1 + 5);
    // Every time names its offset: the outlet's wall clock in Kolkata, the screen's clock as it reported it.
    const kolkata = lines.slice(1).map((line) => line.split(',').slice(1, 5));
    expect(kolkata).toContainEqual([
      `${day2}T05:00:10.000Z`,
      `${day2}T10:30:10+05:30`,
      'Asia/Kolkata',
      `${day2}T10:30:10+05:30`,
    ]);
    // A screen whose clock is set to another zone says so: 06:00 UTC reported as 18:04:05.
    expect(kolkata).toContainEqual([
      `${day2}T06:00:00.000Z`,
      `${day2}T11:30:00+05:30`,
      'Asia/Kolkata',
      `${day2}T18:04:05+12:04`,
    ]);
    // A company name that a spreadsheet would run as a formula is written as text.
    expect(csv.body).toContain(",'=Other Brand,");
    const listed = (await get(`/api/playback-logs?from=${day2}T00:00:00Z`))
      .json()
      .data.map((row: { id: string }) => row.id);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([...listed].sort());
  });

  it('refuses a forged, missing or revoked export link', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/playback-logs/export.csv?ticket=forged' })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/playback-logs/export.csv' })).statusCode).toBe(400);
    const user = await signedIn(t.app, t.db, 'GLOBAL_ADMIN');
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/playback-logs/exports',
      headers: bearer(user.token),
      payload: {},
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) });
    expect((await t.app.inject({ method: 'GET', url: link.json().data.url })).statusCode).toBe(401);
  });

  it('a company admin cannot export or read another company by filter', async () => {
    const rows = (await get(`/api/playback-logs?company_id=${ids.otherCompany}`, companyAdmin)).json().data;
    expect(rows).toEqual([]);
  });

  it('analytics agree with the logs and are sliced per role', async () => {
    const overview = await get(`/api/analytics/overview?from=${day0}&to=${day2}`);
    expect(overview.statusCode).toBe(200);
    const data = overview.json().data;
    expect(data.totals).toMatchObject({ plays: 11, ads: 2, screens: 1, outlets: 1 });
    // No screen has an audience estimate: impressions are 0 and the answer says so (decision 085).
    expect(data.totals).toMatchObject({ impressions: 0, screens_with_audience: 0 });
    expect(data.series).toEqual([
      { date: day0, plays: 0, impressions: 0 },
      { date: day1, plays: 6, impressions: 0 },
      { date: day2, plays: 5, impressions: 0 },
    ]);
    expect(data.by_ad[0]).toMatchObject({ id: ids.ad, name: 'Filter coffee', plays: 9 });
    expect(data.by_company.map((row: { plays: number }) => row.plays)).toEqual([9, 2]);
    // Billed is the plays of the range priced by the rate card, as Ad transactions' spend (decision 092).
    const spend = (await get(`/api/ad-transaction/spend?from=${day0}&to=${day2}`)).json().data;
    expect(data.revenue).toMatchObject({ currency: 'INR', billed_minor: spend.totals.spend_minor, received_minor: 0 });

    const own = (await get(`/api/analytics/overview?from=${day0}&to=${day2}`, companyAdmin)).json().data;
    expect(own.totals.plays).toBe(9);
    expect(own.by_company).toEqual([{ id: ids.company, name: 'Filter Coffee Co', plays: 9, impressions: 0 }]);
    expect(own.revenue).toBeNull();
    expect(own.totals.uptime_pct).toBeNull();

    const bad = await get(`/api/analytics/overview?from=${day2}&to=${day0}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('to');
  });

  it('screen activity: status, uptime from heartbeats and the feed of state changes', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // On 10 minutes ago, closed 8 minutes ago, back 5 minutes ago with a heartbeat a minute since.
    const records: Array<[string, number]> = [
      ['online', 10],
      ['heartbeat', 9],
      ['offline', 8],
      ['online', 5],
      ...[4, 3, 2, 1, 0].map((minutes): [string, number] => ['heartbeat', minutes]),
    ];
    for (const [path, minutes] of records) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/screen-activity/${path}`,
        headers: bearer(screenToken),
        payload: {
          screen_id: ids.screen,
          outlet_id: ids.outlet,
          activity_date: day2,
          activity_time: '10:00:00',
          occurred_at: minutesAgo(minutes),
          additional_info: {},
        },
      });
      expect(response.statusCode).toBe(200);
    }
    const status = await get('/api/screen-activity/status', outletAdmin);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toEqual([
      expect.objectContaining({ screen_id: ids.screen, is_online: true, since: expect.any(String) }),
    ]);
    const localDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
    const uptime = await get(
      `/api/screen-activity/uptime?from=${localDate(Date.now() - 86_400_000)}&to=${localDate(Date.now())}`,
      outletAdmin,
    );
    expect(uptime.statusCode).toBe(200);
    const days = uptime.json().data[0].days as Array<{ online_minutes: number }>;
    // Two minutes before the close and five since the return: seven, whichever side of midnight.
    expect(days.reduce((sum, day) => sum + day.online_minutes, 0)).toBe(7);

    const first = await get(`/api/screen-activity?screen_id=${ids.screen}&limit=2`, outletAdmin);
    expect(first.json().data).toEqual([
      expect.objectContaining({ kind: 'BACK_ONLINE', downtime_seconds: 180, timezone: 'Asia/Kolkata' }),
      expect.objectContaining({ kind: 'OFFLINE', offline_reason: 'DISPLAY_CLOSED', downtime_seconds: null }),
    ]);
    const second = await get(
      `/api/screen-activity?screen_id=${ids.screen}&limit=2&cursor=${first.json().meta.nextCursor}`,
      outletAdmin,
    );
    expect(second.json().data.map((row: { kind: string }) => row.kind)).toEqual(['ONLINE']);
    expect(second.json().meta.nextCursor).toBeNull();
    const heartbeats = await get(`/api/screen-activity?screen_id=${ids.screen}&kind=HEARTBEAT`, outletAdmin);
    expect(heartbeats.statusCode).toBe(400);
    const forged = Buffer.from(`2026-13-45 10:00:00+00|${ids.screen}`).toString('base64url');
    expect((await get(`/api/screen-activity?cursor=${forged}`, outletAdmin)).statusCode).toBe(400);
    expect((await get(`/api/playback-logs?cursor=${forged}`)).statusCode).toBe(400);
    expect((await get('/api/screen-activity/status', companyAdmin)).statusCode).toBe(403);
  });
});
