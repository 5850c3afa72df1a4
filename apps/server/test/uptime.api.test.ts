import { readFile } from 'node:fs/promises';
import { minutesIntoDay } from '@adloop/contract/clock';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenStateChanges } from '../src/db/schema.ts';
import { createOutlet, createScreen, recordScreenActivity } from './helpers/factories.ts';
import { bearer, signedIn, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const MINUTE = 60_000;

const localDate = (at: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
/** A zone in which the last hour and a bit lie within one day (Kolkata and New York are 9½–10½ hours apart). */
const zoneWithTheLastHourInOneDay = () =>
  ['Asia/Kolkata', 'America/New_York'].find((zone) => minutesIntoDay(Date.now(), zone) >= 75)!;

type Row = { kind: string; offline_reason: string | null; occurred_at: string; downtime_seconds: number | null };
type Day = { date: string; uptime_pct: number | null; online_minutes: number; window_minutes: number };

describe.each(databaseKinds)('uptime and the activity feed on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let zone: string;
  let today: string;
  const screens: Record<
    'steady' | 'dropped' | 'lateNight' | 'backdated' | 'closed' | 'quiet' | 'silent' | 'slowClock' | 'fastClock',
    string
  > = {
    slowClock: '',
    fastClock: '',
    steady: '',
    backdated: '',
    dropped: '',
    lateNight: '',
    closed: '',
    quiet: '',
    silent: '',
  };
  const starts: Partial<Record<keyof typeof screens, number>> = {};
  let otherOutletAdmin: string;
  let silentLastBeat: number;

  const get = async (url: string, token = admin) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const daysOf = async (screenId: string, from: string, to: string, token = admin): Promise<Day[]> => {
    const body = await get(`/api/screen-activity/uptime?from=${from}&to=${to}&screen_id=${screenId}`, token);
    return body.data[0]?.days ?? [];
  };
  const feedOf = async (screenId: string, query = ''): Promise<Row[]> =>
    (await get(`/api/screen-activity?screen_id=${screenId}${query}`)).data;

  beforeAll(async () => {
    zone = zoneWithTheLastHourInOneDay();
    admin = await signInAs(t);
    const outlet = await createOutlet(t.db, { name: 'Cafe Uptime', timezone: zone });
    const kolkata = await createOutlet(t.db, { name: 'Cafe Kolkata', timezone: 'Asia/Kolkata' });
    otherOutletAdmin = (await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [(await createOutlet(t.db)).id] }))
      .token;
    today = localDate(Date.now(), zone);
    const screen = async (name: keyof typeof screens, outletId: string, createdAt: number) => {
      const created = await createScreen(t.db, outletId, { createdAt: new Date(createdAt) });
      screens[name] = created.id;
      return created;
    };
    const beat = (
      target: Awaited<ReturnType<typeof screen>>,
      at: number,
      what: 'ONLINE' | 'HEARTBEAT' | 'OFFLINE',
      arrived = at,
    ) => recordScreenActivity(t.db, target, what, new Date(at), new Date(arrived));
    // Each history ends now, so each is seeded from an hour before its own seeding and the
    // minutes read back are whole: the ones read back first are seeded last.
    const hourAgo = (name: keyof typeof screens) => {
      starts[name] = Date.now() - 60 * MINUTE;
      return starts[name];
    };

    // Created at 23:00 yesterday in Kolkata (UTC+5:30), on until midnight there, dark since.
    const yesterday = localDate(Date.now() - 86_400_000, 'Asia/Kolkata');
    const elevenPm = Date.parse(`${yesterday}T23:00:00+05:30`);
    const lateNight = await screen('lateNight', kolkata.id, elevenPm);
    await beat(lateNight, elevenPm, 'ONLINE');
    for (let i = 1; i < 60; i += 1) await beat(lateNight, elevenPm + i * MINUTE, 'HEARTBEAT');

    // Last heard a minute ago (within the online window) and 200 s ago (past it).
    const quiet = await screen('quiet', outlet.id, hourAgo('quiet'));
    const quietLastBeat = Date.now() - MINUTE;
    for (let i = 5; i >= 0; i -= 1) await beat(quiet, quietLastBeat - i * MINUTE, i === 5 ? 'ONLINE' : 'HEARTBEAT');
    const silent = await screen('silent', outlet.id, hourAgo('silent'));
    silentLastBeat = Date.now() - 200_000;
    for (let i = 5; i >= 0; i -= 1) await beat(silent, silentLastBeat - i * MINUTE, i === 5 ? 'ONLINE' : 'HEARTBEAT');

    // On for the last ten minutes by the server's clock, but its own clock is 5 minutes behind.
    const slowClock = await screen('slowClock', outlet.id, hourAgo('slowClock'));
    for (let i = 10; i >= 0; i -= 1) {
      const arrived = Date.now() - i * MINUTE;
      await beat(slowClock, arrived - 5 * MINUTE, i === 10 ? 'ONLINE' : 'HEARTBEAT', arrived);
    }

    // Its clock an hour fast: what it says happened later than it arrived happened on arrival.
    const fastClock = await screen('fastClock', outlet.id, hourAgo('fastClock'));
    await beat(fastClock, Date.now() + 60 * MINUTE, 'ONLINE', Date.now());

    // Created just now, with half an hour of records dated before (a player clock behind the server's).
    let start = hourAgo('backdated');
    const backdated = await screen('backdated', outlet.id, Date.now());
    await beat(backdated, start + 30 * MINUTE, 'ONLINE');
    for (let i = 31; i < 60; i += 1) await beat(backdated, start + i * MINUTE, 'HEARTBEAT');

    // Closed 20 minutes ago and started again 10 minutes later; the offline record saved at the
    // close arrives after the new start's online post, as the player sends it then.
    start = hourAgo('closed');
    const closed = await screen('closed', outlet.id, start);
    await beat(closed, start + 30 * MINUTE, 'ONLINE');
    for (let i = 31; i < 40; i += 1) await beat(closed, start + i * MINUTE, 'HEARTBEAT');
    await beat(closed, start + 50 * MINUTE, 'ONLINE');
    for (let i = 51; i < 60; i += 1) await beat(closed, start + i * MINUTE, 'HEARTBEAT');
    await beat(closed, start + 40 * MINUTE, 'OFFLINE');

    // Created an hour ago and on since; a busy player fires every third heartbeat 30 s late.
    start = hourAgo('steady');
    const steady = await screen('steady', outlet.id, start);
    await beat(steady, start, 'ONLINE');
    for (let i = 1; i < 60; i += 1) await beat(steady, start + i * MINUTE + (i % 3 === 2 ? 30_000 : 0), 'HEARTBEAT');

    // Created an hour ago; its heartbeats stop after 15 minutes and resume 30 minutes later.
    start = hourAgo('dropped');
    const dropped = await screen('dropped', outlet.id, start);
    await beat(dropped, start, 'ONLINE');
    for (let i = 1; i < 15; i += 1) await beat(dropped, start + i * MINUTE, 'HEARTBEAT');
    for (let i = 45; i < 60; i += 1) await beat(dropped, start + i * MINUTE, 'HEARTBEAT');
  });

  it('a screen that heartbeat every minute for an hour reads 100 %, on both endpoints', async () => {
    expect(await daysOf(screens.steady, today, today)).toEqual([
      { date: today, uptime_pct: 100, online_minutes: 60, window_minutes: 60 },
    ]);
    const overview = await get(`/api/analytics/overview?from=${today}&to=${today}&screen_id=${screens.steady}`);
    expect(overview.data.totals.uptime_pct).toBe(100);
  });

  it('a screen that stopped for 30 of 60 minutes reads 50 %, on both endpoints', async () => {
    expect(await daysOf(screens.dropped, today, today)).toEqual([
      { date: today, uptime_pct: 50, online_minutes: 30, window_minutes: 60 },
    ]);
    const overview = await get(`/api/analytics/overview?from=${today}&to=${today}&screen_id=${screens.dropped}`);
    expect(overview.data.totals.uptime_pct).toBe(50);
  });

  it("a screen created late in the day is measured from its creation, on its outlet's days", async () => {
    const now = Date.now();
    const [before, yesterday, kolkataToday] = [2, 1, 0].map((days) =>
      localDate(now - days * 86_400_000, 'Asia/Kolkata'),
    );
    const days = await daysOf(screens.lateNight, before!, kolkataToday!);
    expect(days[0]).toEqual({ date: before, uptime_pct: null, online_minutes: 0, window_minutes: 0 });
    expect(days[1]).toEqual({ date: yesterday, uptime_pct: 100, online_minutes: 60, window_minutes: 60 });
    // Today counts up to now, not the whole day.
    expect(days[2]?.window_minutes).toBeGreaterThanOrEqual(minutesIntoDay(now, 'Asia/Kolkata') - 1);
    expect(days[2]?.window_minutes).toBeLessThanOrEqual(minutesIntoDay(now, 'Asia/Kolkata') + 1);
  });

  it('a screen whose records begin before its creation is measured from its first record', async () => {
    expect(await daysOf(screens.backdated, today, today)).toEqual([
      { date: today, uptime_pct: 100, online_minutes: 30, window_minutes: 30 },
    ]);
  });

  it('the feed shows ONLINE, OFFLINE and BACK ONLINE with the downtime, and no heartbeat', async () => {
    const start = starts.dropped!;
    const feed = await feedOf(screens.dropped);
    expect(feed).toEqual([
      expect.objectContaining({
        kind: 'BACK_ONLINE',
        occurred_at: new Date(start + 45 * MINUTE).toISOString(),
        downtime_seconds: 1800,
      }),
      expect.objectContaining({
        kind: 'OFFLINE',
        offline_reason: 'MISSED_HEARTBEATS',
        // One heartbeat interval after the last beat: the minute that beat stood for.
        occurred_at: new Date(start + 15 * MINUTE).toISOString(),
      }),
      expect.objectContaining({ kind: 'ONLINE', occurred_at: new Date(start).toISOString() }),
    ]);
    expect(await feedOf(screens.steady)).toEqual([expect.objectContaining({ kind: 'ONLINE' })]);
  });

  it('pages the feed by cursor and filters it by kind', async () => {
    const kinds: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Row[]; meta: { nextCursor: string | null } } = await get(
        `/api/screen-activity?screen_id=${screens.dropped}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.data).toHaveLength(1);
      kinds.push(page.data[0]!.kind);
      cursor = page.meta.nextCursor;
    } while (cursor);
    expect(kinds).toEqual(['BACK_ONLINE', 'OFFLINE', 'ONLINE']);
    expect((await feedOf(screens.dropped, '&kind=OFFLINE')).map((row) => row.kind)).toEqual(['OFFLINE']);
    expect(await feedOf(screens.dropped, '&kind=BACK_ONLINE')).toHaveLength(1);
  });

  it('a late offline record makes the OFFLINE the moment the display closed', async () => {
    const start = starts.closed!;
    const feed = await feedOf(screens.closed);
    expect(feed.map((row) => [row.kind, row.offline_reason, row.occurred_at, row.downtime_seconds])).toEqual([
      ['BACK_ONLINE', null, new Date(start + 50 * MINUTE).toISOString(), 600],
      ['OFFLINE', 'DISPLAY_CLOSED', new Date(start + 40 * MINUTE).toISOString(), null],
      ['ONLINE', null, new Date(start + 30 * MINUTE).toISOString(), null],
    ]);
    // Created an hour ago, first switched on half an hour ago: on 10 + 10 of the 30 minutes since
    // (the half hour before its first switch-on is not downtime, decision 092).
    expect(await daysOf(screens.closed, today, today)).toEqual([
      { date: today, uptime_pct: 66.7, online_minutes: 20, window_minutes: 30 },
    ]);
  });

  it('a screen gone quiet shows OFFLINE only once the online window has passed', async () => {
    expect((await feedOf(screens.quiet)).map((row) => row.kind)).toEqual(['ONLINE']);
    const silent = await feedOf(screens.silent);
    expect(silent.map((row) => [row.kind, row.offline_reason])).toEqual([
      ['OFFLINE', 'MISSED_HEARTBEATS'],
      ['ONLINE', null],
    ]);
    // The silence began one heartbeat interval after the last beat.
    expect(silent[0]!.occurred_at).toBe(new Date(silentLastBeat + MINUTE).toISOString());
  });

  it('a player clock running behind does not show a live screen as offline', async () => {
    expect((await feedOf(screens.slowClock)).map((row) => row.kind)).toEqual(['ONLINE']);
  });

  it('a player clock running fast is read as the time its records arrived', async () => {
    const [online] = await feedOf(screens.fastClock);
    expect(Date.parse(online!.occurred_at)).toBeLessThanOrEqual(Date.now());
  });

  it("staff of another outlet see none of these screens' activity or uptime", async () => {
    const feed = await get(`/api/screen-activity?screen_id=${screens.dropped}`, otherOutletAdmin);
    expect(feed.data).toEqual([]);
    expect(await daysOf(screens.dropped, today, today, otherOutletAdmin)).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/screen-activity/uptime?from=${today}&to=${today}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('migration 0017 derives the same changes from the stored records as the live path did', async () => {
    const snapshot = () =>
      t.db
        .select({
          screenId: screenStateChanges.screenId,
          sourceId: screenStateChanges.sourceId,
          kind: screenStateChanges.kind,
          offlineReason: screenStateChanges.offlineReason,
          occurredAt: screenStateChanges.occurredAt,
          dueAt: screenStateChanges.dueAt,
        })
        .from(screenStateChanges)
        .orderBy(screenStateChanges.sourceId, screenStateChanges.kind);
    const live = await snapshot();
    expect(live.length).toBeGreaterThanOrEqual(15);
    const migration = await readFile(
      new URL('../src/db/migrations/0017_screen_state_changes.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'))!;
    await t.db.delete(screenStateChanges);
    await t.db.execute(sql.raw(backfill));
    expect(await snapshot()).toEqual(live);
  });
});
