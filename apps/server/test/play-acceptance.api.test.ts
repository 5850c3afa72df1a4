import { randomUUID } from 'node:crypto';
import { outletWallClock } from '@adloop/contract/clock';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, adVariants, playbackLogs } from '../src/db/schema.ts';
import { createAd, createCompany, createOutlet, createScreen, honestPlayTimes } from './helpers/factories.ts';
import { postPlays } from './helpers/plays.ts';
import { bearer, connectScreen, fetchScreenAds } from './helpers/sign-in.ts';
import { createSharedApps, databaseKinds, type SharedApps, type TestApp, useTestApp } from './helpers/test-app.ts';

type Play = Record<string, unknown> & { id: string };

/** Decision 036: a screen is billed only for plays that could have happened on it. */
describe.each(databaseKinds)('play acceptance on %s', (kind) => {
  // Ten batches race below: all of them must reach ingestion, past PGlite's in-flight limit of
  // 8 screen requests (decision 045), as they would on PostgreSQL's 256.
  const t = useTestApp(kind, { admission: { maxScreenRequestsInFlight: 32 } });
  let token: string;
  let screen: Awaited<ReturnType<typeof createScreen>>;
  let outletId: string;
  let companyId: string;
  let adId: string;
  let draftAdId: string;
  let foreignAd: { id: string; companyId: string };
  let clock: number;

  beforeAll(async () => {
    const company = await createCompany(t.db);
    companyId = company.id;
    const outlet = await createOutlet(t.db);
    const elsewhere = await createOutlet(t.db);
    outletId = outlet.id;
    adId = (await createAd(t.db, company.id, { durationSeconds: 10 })).id;
    draftAdId = (await createAd(t.db, company.id, { status: 'DRAFT' })).id;
    // Another advertiser's live ad, targeted only at another outlet: never on this screen's list.
    const otherCompany = await createCompany(t.db);
    foreignAd = await createAd(t.db, otherCompany.id, { targetOutletIds: [elsewhere.id] });
    screen = await createScreen(t.db, outlet.id);
    token = (await connectScreen(t.app, screen)).access_token;
    clock = Date.now() - 2 * 86_400_000;
  });

  /** A play of `ad` at the next free 15 s slot of this screen, unless told otherwise. */
  const play = (overrides: Record<string, unknown> = {}): Play => {
    clock += 15_000;
    return {
      id: randomUUID(),
      ad_id: adId,
      screen_id: screen.id,
      company_id: companyId,
      outlet_id: outletId,
      ...honestPlayTimes(new Date(clock), 1)[0],
      play_count: 1,
      additional_info: {},
      ...overrides,
    };
  };
  const at = (date: Date) => honestPlayTimes(date, 1)[0]!;
  const post = (logs: Play[]) => postPlays(t.app, token, logs);
  const storedIds = async (logs: Play[]) => {
    const rows = await t.db
      .select({ id: playbackLogs.id })
      .from(playbackLogs)
      .where(sql`${playbackLogs.id} in ${logs.map((log) => log.id)}`);
    return rows.map((row) => row.id).sort();
  };

  it("refuses another advertiser's ad that is not on the screen's list, and keeps the honest plays beside it", async () => {
    const honest = [play(), play()];
    const forged = play({ ad_id: foreignAd.id, company_id: foreignAd.companyId });
    const result = await post([honest[0]!, forged, honest[1]!]);
    expect(result.stored.sort()).toEqual(honest.map((log) => log.id).sort());
    expect(result.refused).toEqual([{ id: forged.id, reason: "the ad was not on the screen's list at played_at" }]);
    expect(await storedIds([forged])).toEqual([]);
  });

  it("refuses a play of an ad from before the ad existed, even on the screen's first list", async () => {
    const young = await createAd(t.db, companyId, { durationSeconds: 5, createdAt: new Date(Date.now() - 3_600_000) });
    await fetchScreenAds(t.app, token);
    const beforeAd = play({ ad_id: young.id, ...at(new Date(Date.now() - 2 * 3_600_000)) });
    const result = await post([beforeAd]);
    expect(result.refused).toEqual([{ id: beforeAd.id, reason: 'played_at is before the ad existed' }]);
  });

  it('refuses a DRAFT ad', async () => {
    const draft = play({ ad_id: draftAdId });
    const result = await post([draft]);
    expect(result.refused).toEqual([{ id: draft.id, reason: 'the ad was not active at played_at' }]);
  });

  it('refuses plays dated 2001, before the screen existed, and beyond the 7-day window', async () => {
    const ancient = play(at(new Date('2001-01-01T10:00:00Z')));
    const tooOld = play(at(new Date(Date.now() - 8 * 86_400_000)));
    const fresh = await createScreen(t.db, outletId, { createdAt: new Date(Date.now() - 3_600_000) });
    const beforeFresh = {
      ...play(at(new Date(Date.now() - 2 * 3_600_000))),
      screen_id: fresh.id,
    };
    const result = await post([ancient, tooOld]);
    expect(result.stored).toEqual([]);
    expect(Object.fromEntries(result.refused.map((refusal) => [refusal.id, refusal.reason]))).toEqual({
      [ancient.id]: 'played_at is before the screen existed',
      [tooOld.id]: 'played_at is older than the 7-day reporting window',
    });
    const freshToken = (await connectScreen(t.app, fresh)).access_token;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/playback-logs/log',
      headers: bearer(freshToken),
      payload: { logs: [beforeFresh] },
    });
    expect(response.json().data.refused).toEqual([
      { id: beforeFresh.id, reason: 'played_at is before the screen existed' },
    ]);
  });

  it('accepts no more plays of a 10 s ad than fit in the time: 500 plays in a third of a second store one', async () => {
    const start = new Date(clock + 60_000);
    clock += 120_000;
    const burst = Array.from({ length: 500 }, (_, index) =>
      play(at(new Date(start.getTime() + Math.floor(index * 0.68)))),
    );
    const result = await post(burst);
    expect(result.stored).toHaveLength(1);
    expect(result.refused).toHaveLength(499);
    expect(new Set(result.refused.map((refusal) => refusal.reason))).toEqual(
      new Set(['the screen was already showing another play at played_at']),
    );
    // Nor can a later batch squeeze a play into the time already taken.
    const squeezed = play(at(new Date(start.getTime() + 4_000)));
    expect((await post([squeezed])).refused).toHaveLength(1);
    // A play right after the ad has run is fine.
    const next = play(at(new Date(start.getTime() + 10_000)));
    expect((await post([next])).stored).toEqual([next.id]);
  });

  it('bills an ad paused while the screen was offline only within the grace after the pause', async () => {
    const paused = await createAd(t.db, companyId, { durationSeconds: 5 });
    await fetchScreenAds(t.app, token);
    // The screen got the ad three hours ago, went offline, and an hour ago the ad was paused.
    await t.db.execute(
      sql`update screen_served_lists set served_at = served_at - interval '3 hours' where screen_id = ${screen.id}`,
    );
    await t.db.update(ads).set({ status: 'PAUSED' }).where(eq(ads.id, paused.id));
    const pausedAt = Date.now() - 3_600_000;
    await t.db
      .update(ads)
      .set({ inactiveSince: new Date(pausedAt) })
      .where(eq(ads.id, paused.id));
    const beforePause = play({ ad_id: paused.id, ...at(new Date(pausedAt - 60_000)) });
    const withinGrace = play({ ad_id: paused.id, ...at(new Date(pausedAt + 10 * 60_000)) });
    const afterGrace = play({ ad_id: paused.id, ...at(new Date(pausedAt + 20 * 60_000)) });
    const result = await post([beforePause, withinGrace, afterGrace]);
    expect(result.stored.sort()).toEqual([beforePause.id, withinGrace.id].sort());
    expect(result.refused).toEqual([{ id: afterGrace.id, reason: 'the ad was not active at played_at' }]);
  });

  it("reads a batch on the server's clock when the screen says when it sent it: a clock an hour slow loses nothing", async () => {
    const hourSlow = (date: Date) => new Date(date.getTime() - 3_600_000);
    const now = new Date();
    const logs = [
      play(at(hourSlow(new Date(now.getTime() - 30_000)))),
      play(at(hourSlow(new Date(now.getTime() - 15_000)))),
    ];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/playback-logs/log',
      headers: bearer(token),
      payload: { logs, sent_at: hourSlow(now).toISOString() },
    });
    expect(response.json().data.stored.sort()).toEqual(logs.map((log) => log.id).sort());
    const rows = await t.db
      .select({
        id: playbackLogs.id,
        playedAt: playbackLogs.playedAt,
        playDate: playbackLogs.playDate,
        playTime: playbackLogs.playTime,
        info: playbackLogs.additionalInfo,
      })
      .from(playbackLogs)
      .where(sql`${playbackLogs.id} in ${logs.map((log) => log.id)}`);
    for (const row of rows) {
      const log = logs.find((entry) => entry.id === row.id)!;
      // Stored at the server's instant (an hour later than reported), dated and timed by that
      // instant on the outlet's clock; the screen's own clock kept beside it (decision 072).
      expect(row.playedAt.getTime() - Date.parse(log.played_at as string)).toBeGreaterThan(3_590_000);
      expect({ date: row.playDate, time: row.playTime }).toEqual(outletWallClock(row.playedAt, 'Asia/Kolkata'));
      expect(row.info).toMatchObject({ screen_play_date: log.play_date, screen_play_time: log.play_time });
    }
  });

  it('refuses plays of one screen that overlap across batches sent in parallel: ten at one instant store one', async () => {
    const instant = at(new Date(clock + 30_000));
    clock += 60_000;
    const racing = Array.from({ length: 10 }, () => play(instant));
    const results = await Promise.all(racing.map((log) => post([log])));
    expect(results.flatMap((result) => result.stored)).toHaveLength(1);
    expect(results.flatMap((result) => result.refused.map((refusal) => refusal.reason))).toEqual(
      Array(9).fill('the screen was already showing another play at played_at'),
    );
    expect(await storedIds(racing)).toHaveLength(1);
  });

  it("refuses a variant of another ad, even one on the screen's list", async () => {
    const withVariant = await createAd(t.db, companyId, { durationSeconds: 5 });
    const [variant] = await t.db
      .insert(adVariants)
      .values({ adId: withVariant.id, label: 'B', type: 'IMAGE', mediaUrl: '/media/b.png', reviewed: true })
      .returning();
    const listed = await fetchScreenAds(t.app, token);
    expect(listed.find((ad) => ad.id === withVariant.id)?.variants?.map((v) => v.id)).toEqual([variant!.id]);
    // Played since the list that carries the variant was handed over.
    const honest = play({ ad_id: withVariant.id, variant_id: variant!.id, ...at(new Date(Date.now() + 30_000)) });
    const crossed = play({ variant_id: variant!.id, ...at(new Date(Date.now() + 60_000)) });
    const result = await post([honest, crossed]);
    expect(result.stored).toEqual([honest.id]);
    expect(result.refused).toEqual([{ id: crossed.id, reason: 'variant_id is not a variant of the ad' }]);
  });

  it('refuses an unknown variant, and a play the screen already reported is a duplicate, not a refusal', async () => {
    const first = play();
    expect((await post([first])).stored).toEqual([first.id]);
    const again = await post([first]);
    expect(again).toEqual({ stored: [], duplicates: [first.id], refused: [] });
    // The same UUID in capitals is the same play.
    const shouted = await post([{ ...first, id: first.id.toUpperCase() }]);
    expect(shouted).toEqual({ stored: [], duplicates: [first.id], refused: [] });
    const bogusVariant = play({ variant_id: randomUUID() });
    const result = await post([bogusVariant]);
    expect(result.refused).toEqual([
      { id: bogusVariant.id, reason: "the variant was not on the screen's list at played_at" },
    ]);
  });
});

/** A seeded shuffle, so every batch takes the shared rows in its own order, the same on every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let index = result.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const other = state % (index + 1);
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent ingestion on PostgreSQL', () => {
  // Two app instances on one database, each with the production pool of 20: every batch runs at once.
  let shared: SharedApps;
  let apps: FastifyInstance[];
  let db: TestApp['db'];

  beforeAll(async () => {
    shared = await createSharedApps(2, 20);
    ({ apps, db } = shared);
  });
  afterAll(() => shared?.close());

  it('30 parallel batches × 5 rounds over shared rollup rows in different orders, with resends: no error, each play once, rollups = plays', async () => {
    const company = await createCompany(db);
    const outlet = await createOutlet(db);
    // Eighty ads of 1 s with a reviewed variant each: every batch touches the same ad and variant rollup rows.
    const catalogue: { adId: string; variantId: string }[] = [];
    for (let n = 0; n < 80; n += 1) {
      const ad = await createAd(db, company.id, { durationSeconds: 1 });
      const [variant] = await db
        .insert(adVariants)
        .values({
          adId: ad.id,
          label: 'B',
          type: 'IMAGE',
          mediaUrl: `/media/v${n}.png`,
          durationSeconds: 1,
          reviewed: true,
        })
        .returning();
      catalogue.push({ adId: ad.id, variantId: variant!.id });
    }
    const fleet = [];
    for (let n = 0; n < 30; n += 1) {
      const screen = await createScreen(db, outlet.id);
      fleet.push({ screen, token: (await connectScreen(apps[n % 2]!, screen)).access_token });
    }
    const start = Date.now() - 4 * 86_400_000;
    let turn = 0;
    const send = (token: string, logs: Play[]) =>
      apps[turn++ % 2]!.inject({
        method: 'POST',
        url: '/api/playback-logs/log',
        headers: bearer(token),
        payload: { logs },
      });
    const answers = new Map<string, string[]>();
    const sent = new Set<string>();
    const errors: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      const batches = fleet.map(({ screen, token }, index) => {
        // Each batch a subset of its own size, in its own order, over one to four days, so the rows
        // the batches share come up in different orders, as when a fleet replays its queues.
        const days = 1 + ((index + round) % 4);
        const subset = shuffled(catalogue, round * 100 + index + 1).slice(0, 20 + ((index * 7 + round) % 61));
        const logs = Array.from({ length: 400 }, (_, n): Play => {
          const pick = subset[n % subset.length]!;
          const day = Math.floor((n * days) / 400);
          return {
            id: randomUUID(),
            ad_id: pick.adId,
            variant_id: n % 3 === 0 ? null : pick.variantId,
            screen_id: screen.id,
            company_id: company.id,
            outlet_id: outlet.id,
            ...honestPlayTimes(new Date(start + day * 86_400_000 + (round * 400 + n) * 2_000), 1)[0],
            play_count: 1,
            additional_info: {},
          };
        });
        return { token, logs };
      });
      // A quarter of the batches go twice at once (a resend whose first answer was lost).
      const posts = [...batches, ...batches.filter((_, index) => index % 4 === round % 4)];
      const responses = await Promise.all(posts.map(({ token, logs }) => send(token, logs)));
      responses.forEach((response, index) => {
        if (response.statusCode !== 200) {
          errors.push(`${response.statusCode} ${response.body}`);
          return;
        }
        const data = response.json().data as { stored: string[]; duplicates: string[]; refused: unknown[] };
        expect(data.refused).toEqual([]);
        const logs = posts[index]!.logs;
        expect([...data.stored, ...data.duplicates].sort()).toEqual(logs.map((log) => log.id).sort());
        for (const log of logs) sent.add(log.id);
        for (const id of data.stored) answers.set(id, [...(answers.get(id) ?? []), 'stored']);
      });
      // And one of them again, after its answer: nothing new.
      if (round > 0) {
        const again = await send(fleet[round]!.token, batches[round]!.logs);
        expect(again.json().data.stored).toEqual([]);
      }
    }
    expect(errors).toEqual([]);
    expect(sent.size).toBe(30 * 5 * 400);
    // Each play stored by exactly one answer, and once in the database.
    expect([...answers.values()].filter((marks) => marks.length !== 1)).toEqual([]);
    expect(answers.size).toBe(sent.size);
    const totals = await db.execute<{ source: string; plays: number }>(sql`
      select 'logs' as source, count(*)::int as plays from playback_logs
      union all select 'distinct', count(distinct id)::int from playback_logs
      union all select 'daily', coalesce(sum(plays), 0)::int from play_rollups_daily
      union all select 'ad', coalesce(sum(plays), 0)::int from play_rollups_ad_daily
      union all select 'screen', coalesce(sum(plays), 0)::int from play_rollups_screen_daily
      union all select 'variant logs', count(*)::int from playback_logs where variant_id is not null
      union all select 'variant', coalesce(sum(plays), 0)::int from play_rollups_variant_daily`);
    const rows = (totals as unknown as { rows: { source: string; plays: number }[] }).rows;
    const variantPlays = 30 * 5 * (400 - Math.ceil(400 / 3));
    expect(Object.fromEntries(rows.map((row) => [row.source, row.plays]))).toEqual({
      logs: 60_000,
      distinct: 60_000,
      daily: 60_000,
      ad: 60_000,
      screen: 60_000,
      'variant logs': variantPlays,
      variant: variantPlays,
    });
    // And each day's count of an ad or variant (the sum of its slots, decision 100) equals the plays it counts, not only the totals.
    const mismatches = await db.execute(sql`
      select 'ad' as rollup, r.play_date, r.ad_id as key
        from (select play_date, ad_id, sum(plays)::int as plays from play_rollups_ad_daily group by 1, 2) r
        left join (select play_date, ad_id, count(*)::int as plays from playback_logs group by 1, 2) p using (play_date, ad_id)
        where p.plays is distinct from r.plays
      union all
      select 'variant', r.play_date, r.variant_id
        from (select play_date, variant_id, sum(plays)::int as plays from play_rollups_variant_daily group by 1, 2) r
        left join (select play_date, variant_id, count(*)::int as plays from playback_logs where variant_id is not null group by 1, 2) p
          using (play_date, variant_id)
        where p.plays is distinct from r.plays`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
  }, 120_000);
});
