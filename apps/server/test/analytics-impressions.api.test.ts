import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playRollupsAdDaily, playRollupsDaily, playRollupsScreenDaily } from '../src/db/schema.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import { createAd, createCompany, createOutlet, createScreen, reportedPlay } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

// Two days of the past week (decision 036), on the Kolkata outlets' clock (UTC+05:30, no DST).
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const [dayX, dayY] = [dayAgo(3), dayAgo(2)];
const at = (date: string, time: string) => {
  const instant = new Date(`${date}T${time}+05:30`);
  return { played_at: instant.toISOString(), play_date: date, play_time: time };
};
const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const SOURCE = 'Door counter, October';

describe.each(databaseKinds)('impressions in analytics on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let ids: { ad: string; otherAd: string; company: string; otherCompany: string; counted: string; dark: string };
  let otherCompanyAdmin: string;
  let countedToken: string;
  let post: (token: string, logs: object[]) => Promise<void>;
  let coffeeOnCounted: (date: string, time: string) => object;
  const overview = async (query = '', token = admin) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/overview?from=${dayX}&to=${dayY}${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const setAudience = async (screenId: string, payload: object) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/screens/${screenId}/audience`,
      headers: bearer(admin),
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const rollups = async () => ({
    fine: await t.db
      .select({
        day: sql<string>`${playRollupsDaily.playDate}::text`,
        ad: playRollupsDaily.adId,
        screen: playRollupsDaily.screenId,
        plays: playRollupsDaily.plays,
        impressions: playRollupsDaily.impressions,
      })
      .from(playRollupsDaily)
      .orderBy(playRollupsDaily.playDate, playRollupsDaily.adId, playRollupsDaily.screenId),
    // A day's count of an ad is the sum of its slots (decision 100): ingestion writes each screen's slot, a rebuild slot 0.
    byAd: await t.db
      .select({
        day: sql<string>`${playRollupsAdDaily.playDate}::text`,
        ad: playRollupsAdDaily.adId,
        impressions: sql<number>`sum(${playRollupsAdDaily.impressions})::float8`,
      })
      .from(playRollupsAdDaily)
      .groupBy(playRollupsAdDaily.playDate, playRollupsAdDaily.adId)
      .orderBy(playRollupsAdDaily.playDate, playRollupsAdDaily.adId),
    byScreen: await t.db
      .select({
        day: sql<string>`${playRollupsScreenDaily.playDate}::text`,
        screen: playRollupsScreenDaily.screenId,
        impressions: playRollupsScreenDaily.impressions,
      })
      .from(playRollupsScreenDaily)
      .orderBy(playRollupsScreenDaily.playDate, playRollupsScreenDaily.screenId),
  });

  beforeAll(async () => {
    admin = await signInAs(t);
    const company = await createCompany(t.db, { name: 'Filter Coffee Co' });
    const otherCompany = await createCompany(t.db, { name: 'Juice Bar' });
    const cafe = await createOutlet(t.db, { name: 'Cafe Indiranagar', timezone: 'Asia/Kolkata' });
    const gym = await createOutlet(t.db, { name: 'Gym Koramangala', timezone: 'Asia/Kolkata' });
    const ad = await createAd(t.db, company.id, { title: 'Filter coffee' });
    const otherAd = await createAd(t.db, otherCompany.id, { title: 'Cold press' });
    const counted = await createScreen(t.db, cafe.id);
    const dark = await createScreen(t.db, gym.id);
    ids = {
      ad: ad.id,
      otherAd: otherAd.id,
      company: company.id,
      otherCompany: otherCompany.id,
      counted: counted.id,
      dark: dark.id,
    };
    otherCompanyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: otherCompany.id });
    // 10 people see a play from 09:00 to 17:00, 2 at other hours, every day; the gym's screen has no estimate.
    await setAudience(counted.id, {
      source: SOURCE,
      default_impressions_per_play: 2,
      hours: [{ from_hour: 9, to_hour: 17, impressions_per_play: 10 }],
    });
    countedToken = (await connectScreen(t.app, counted)).access_token;
    const darkToken = (await connectScreen(t.app, dark)).access_token;
    post = async (token, logs) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/playback-logs/log',
        headers: bearer(token),
        payload: { logs },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.refused, response.body).toEqual([]);
    };
    const onCounted = (adRow: typeof ad, date: string, time: string) => reportedPlay(adRow, counted, at(date, time));
    const onDark = (date: string, time: string) => reportedPlay(ad, dark, at(date, time));
    coffeeOnCounted = (date, time) => onCounted(ad, date, time);
    await post(countedToken, [
      onCounted(ad, dayX, '08:59:00'), // 2
      onCounted(ad, dayX, '09:00:00'), // 10
      onCounted(ad, dayX, '12:00:00'), // 10
      onCounted(ad, dayX, '12:00:10'), // 10
      onCounted(ad, dayX, '16:59:50'), // 10
      onCounted(ad, dayX, '17:00:00'), // 2
      onCounted(ad, dayY, '00:10:00'), // 2
      onCounted(otherAd, dayY, '14:00:00'), // 10
      onCounted(ad, dayY, '23:30:00'), // 2
    ]);
    await post(darkToken, [onDark(dayX, '10:00:00'), onDark(dayX, '10:00:10'), onDark(dayY, '11:00:00')]);
  });

  it('counts impressions beside plays: Σ plays × the figure of the hour played, 0 on a screen without an estimate', async () => {
    const data = await overview();
    expect(data.totals).toMatchObject({ plays: 12, impressions: 58, screens: 2, screens_with_audience: 1 });
    expect(data.series).toEqual([
      { date: dayX, plays: 8, impressions: 44 },
      { date: dayY, plays: 4, impressions: 14 },
    ]);
    expect(data.by_ad).toEqual([
      expect.objectContaining({ id: ids.ad, plays: 11, impressions: 48 }),
      expect.objectContaining({ id: ids.otherAd, plays: 1, impressions: 10 }),
    ]);
    expect(data.by_company).toEqual([
      { id: ids.company, name: 'Filter Coffee Co', plays: 11, impressions: 48 },
      { id: ids.otherCompany, name: 'Juice Bar', plays: 1, impressions: 10 },
    ]);
    expect(data.by_outlet).toEqual([
      expect.objectContaining({ name: 'Cafe Indiranagar', plays: 9, impressions: 58, has_audience: true }),
      expect.objectContaining({ name: 'Gym Koramangala', plays: 3, impressions: 0, has_audience: false }),
    ]);
    expect(data.by_screen).toEqual([
      expect.objectContaining({ id: ids.counted, plays: 9, impressions: 58, audience_source: SOURCE }),
      expect.objectContaining({ id: ids.dark, plays: 3, impressions: 0, audience_source: null }),
    ]);
  });

  it('answers for a slice from the rollup that can, and says when no screen in it has an estimate', async () => {
    const dark = await overview(`&screen_id=${ids.dark}`);
    expect(dark.totals).toMatchObject({ plays: 3, impressions: 0, screens: 1, screens_with_audience: 0 });
    expect(dark.series.map((day: { impressions: number }) => day.impressions)).toEqual([0, 0]);
    // A company's answer comes from the ad × screen rollup: its one play, at 14:00 on the counted screen.
    const own = await overview('', otherCompanyAdmin);
    expect(own.totals).toMatchObject({ plays: 1, impressions: 10, screens: 1, screens_with_audience: 1 });
    expect(own.series).toEqual([
      { date: dayX, plays: 0, impressions: 0 },
      { date: dayY, plays: 1, impressions: 10 },
    ]);
    const byAd = await overview(`&ad_id=${ids.ad}`);
    expect(byAd.totals).toMatchObject({ plays: 11, impressions: 48, screens_with_audience: 1 });
  });

  it('rollups:rebuild recomputes the same impressions from the logs, and so does the migration backfill', async () => {
    const maintained = await rollups();
    expect(maintained.fine.reduce((sum, row) => sum + row.impressions, 0)).toBe(58);
    const before = await overview();
    expect(await rebuildRollups(t.db)).toEqual({ rows: 5, plays: 12 });
    expect(await rollups()).toEqual(maintained);
    expect(await overview()).toEqual(before);

    // The migration fills the new columns of existing rows from the logs, as the rebuild does.
    await t.db.execute(sql`update ${playRollupsDaily} set impressions = 0`);
    await t.db.execute(sql`update ${playRollupsAdDaily} set impressions = 0`);
    await t.db.execute(sql`update ${playRollupsScreenDaily} set impressions = 0`);
    const migration = await readFile(
      new URL('../src/db/migrations/0030_rollup_impressions.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    expect(await rollups()).toEqual(maintained);
  });

  it('a play counts by the estimate in force when stored; a rebuild reads the estimate of now, by day of week', async () => {
    // From now on the counted screen sees 20 people a play all day on dayY's weekday.
    await setAudience(ids.counted, {
      source: SOURCE,
      default_impressions_per_play: 2,
      hours: [
        { from_hour: 9, to_hour: 17, impressions_per_play: 10 },
        { from_hour: 0, to_hour: 24, days_of_week: [dayOfWeek(dayY)], impressions_per_play: 20 },
      ],
    });
    await post(countedToken, [coffeeOnCounted(dayY, '15:00:00')]);
    const kept = await overview();
    expect(kept.series).toEqual([
      { date: dayX, plays: 8, impressions: 44 },
      { date: dayY, plays: 5, impressions: 14 + 20 },
    ]);
    await rebuildRollups(t.db);
    const rebuilt = await overview();
    // dayY's four plays on the counted screen at 20 each; dayX, another weekday, as before.
    expect(rebuilt.series).toEqual([
      { date: dayX, plays: 8, impressions: 44 },
      { date: dayY, plays: 5, impressions: 80 },
    ]);
    expect(rebuilt.totals.impressions).toBe(124);
  });
});
