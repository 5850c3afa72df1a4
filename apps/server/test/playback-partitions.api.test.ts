import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, type DatabaseKind, openDatabase, pgliteHandle } from '../src/db/client.ts';
import {
  addMonths,
  forgetOldPlayIds,
  makePlayPartitions,
  monthOf,
  monthsToHold,
  PLAY_ID_MEMORY_MS,
  partitionedMonths,
} from '../src/modules/playback-logs/play-partitions.ts';
import { ingestPlays } from '../src/modules/playback-logs/playback-logs.service.ts';
import { adAndScreen, honestPlayTimes, reportedPlay } from './helpers/factories.ts';
import { postPlays } from './helpers/plays.ts';
import { createPostgresDatabase, dropPostgresDatabase, postgresUrl } from './helpers/postgres-databases.ts';
import { connectScreen } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
/** The last migration before the log was partitioned (decision 097). */
const BEFORE_PARTITIONS = '0035_integration_tokens';

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** A copy of the migrations folder whose journal ends at `lastTag`: the database as it was then. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'adloop-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal: { entries: { tag: string }[] } = JSON.parse(await readFile(journalFile, 'utf8'));
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/** A fresh database of the kind, migrated up to `lastTag` only; `handle.migrate()` then applies the rest. */
async function databaseMigratedTo(kind: DatabaseKind, lastTag: string) {
  const folder = await migrationsUpTo(lastTag);
  if (kind === 'pglite') {
    const client = new PGlite();
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    const handle = pgliteHandle(client);
    return { handle, drop: () => rm(folder, { recursive: true, force: true }) };
  }
  const name = await createPostgresDatabase('adloop_partitioning');
  const client = new pg.Client({ connectionString: postgresUrl(name) });
  await client.connect();
  try {
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
  const handle = await openDatabase({ kind: 'postgres', url: postgresUrl(name), poolSize: 2 });
  return {
    handle,
    drop: async () => {
      await rm(folder, { recursive: true, force: true });
      await dropPostgresDatabase(name);
    },
  };
}

/** What must survive the move: counts, ids, sums, each month's count and the rollups, as text. */
async function playsFingerprint(db: Database) {
  const [totals] = await rowsOf<{ rows: string; ids: string; plays: string; amount: string; contents: string }>(
    db,
    sql`select count(*)::text as rows, md5(string_agg(id::text, ',' order by id)) as ids,
      sum(play_count)::text as plays, sum(price_minor)::text as amount,
      md5(string_agg(id::text || additional_info::text || played_at::text, ',' order by id)) as contents
    from playback_logs`,
  );
  const months = await rowsOf<{ month: string; rows: number }>(
    db,
    sql`select to_char(played_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as rows
    from playback_logs group by 1 order by 1`,
  );
  const [rollups] = await rowsOf<{ rollups: string }>(
    db,
    sql`select string_agg(play_date::text || '/' || plays || '/' || amount_minor, ',' order by play_date) as rollups
    from play_rollups_daily`,
  );
  return { ...totals, months, rollups: rollups?.rollups };
}

describe.each(databaseKinds)('the proof of play partitioned by month on %s', (kind) => {
  describe('the migration that partitions it (0037)', () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ handle: database, drop } = await databaseMigratedTo(kind, BEFORE_PARTITIONS));
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    it('moves every play of a database into its month, none lost or doubled, the rollups untouched', async () => {
      const { db } = database;
      const { ad, screen } = await adAndScreen(db);
      // 500 plays 7 h 13 min apart from 1 June (to late October), 1–3 plays each, and two either
      // side of midnight UTC on 1 July; then the rollups, as ingestion keeps them.
      await db.execute(sql`
        insert into playback_logs (id, ad_id, screen_id, company_id, outlet_id, played_at, play_date, play_time,
          play_count, price_minor, additional_info)
        select gen_random_uuid(), ${ad.id}::uuid, ${screen.id}::uuid, ${ad.companyId}::uuid, ${screen.outletId}::uuid, at,
          (at at time zone 'UTC')::date, (at at time zone 'UTC')::time, 1 + n % 3, 150 * (1 + n % 3),
          jsonb_build_object('n', n, 'note', 'a "quoted", comma')
        from generate_series(1, 500) n,
          lateral (select timestamptz '2026-06-01 00:00:00+00' + n * interval '7 hours 13 minutes' as at) instants
        union all
        select gen_random_uuid(), ${ad.id}::uuid, ${screen.id}::uuid, ${ad.companyId}::uuid, ${screen.outletId}::uuid, at,
          (at at time zone 'UTC')::date, (at at time zone 'UTC')::time, 1, 150, '{}'
        from unnest(array[timestamptz '2026-06-30 23:59:59.999999+00', timestamptz '2026-07-01 00:00:00+00']) at`);
      await db.execute(sql`
        insert into play_rollups_daily (play_date, ad_id, screen_id, company_id, outlet_id, plays, amount_minor)
        select play_date, ad_id, screen_id, company_id, outlet_id, sum(play_count)::int, sum(price_minor)
        from playback_logs group by 1, 2, 3, 4, 5`);
      const before = await playsFingerprint(db);
      expect(before.rows).toBe('502');
      expect(before.months.map((month) => month.month)).toEqual([
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
      ]);

      await database.migrate();

      expect(await playsFingerprint(db)).toEqual(before);
      const [table] = await rowsOf<{ kind: string }>(
        db,
        sql`select relkind::text as kind from pg_class where oid = 'public.playback_logs'::regclass`,
      );
      expect(table?.kind).toBe('p');
      // Every month from the first play's to two after the current one has its partition.
      const months = await partitionedMonths(db);
      expect(months[0]).toBe('2026-06');
      expect(months.at(-1)).toBe(addMonths(monthOf(Date.now()), 2));
      expect(months).toHaveLength(new Set(months).size);
      const placed = await rowsOf<{ at: string; partition: string }>(
        db,
        sql`select played_at::text as at, tableoid::regclass::text as partition from playback_logs
        where played_at between '2026-06-30 23:59:59+00' and '2026-07-01 00:00:00+00' order by played_at`,
      );
      expect(placed.map((row) => row.partition)).toEqual(['playback_logs_2026_06', 'playback_logs_2026_07']);
      // Every moved id is claimed: sent again, in any month, it is not stored twice.
      const [claims] = await rowsOf<{ ids: number }>(db, sql`select count(*)::int as ids from playback_log_ids`);
      expect(claims?.ids).toBe(502);
    });
  });

  describe('exactly once across months', () => {
    const t = useTestApp(kind);
    let token: string;
    let playOf: (at: Date) => ReturnType<typeof reportedPlay>;
    let screenPrincipal: Parameters<typeof ingestPlays>[2];

    beforeAll(async () => {
      const { ad, screen, outlet } = await adAndScreen(t.db);
      token = (await connectScreen(t.app, screen)).access_token;
      playOf = (at) => reportedPlay(ad, screen, honestPlayTimes(at, 1)[0]!);
      screenPrincipal = {
        screenId: screen.id,
        screenCode: screen.screenCode,
        outletId: outlet.id,
        outletName: outlet.name,
        outletCode: outlet.outletCode,
        tags: [],
      };
    });

    const storedRows = (ids: string[]) =>
      rowsOf<{ id: string; partition: string; played_at: string }>(
        t.db,
        sql`select id::text, tableoid::regclass::text as partition, played_at::text from playback_logs
        where id in ${ids} order by id`,
      );
    const rollupPlays = async () =>
      (
        await rowsOf<{ plays: number }>(t.db, sql`select coalesce(sum(plays), 0)::int as plays from play_rollups_daily`)
      )[0]!.plays;
    /** The route's own service at a chosen instant of the server's clock: the route reads the real one. */
    const ingestAt = (now: number, logs: object[]) =>
      ingestPlays(
        t.db,
        t.app.screenCache.adCompanies,
        screenPrincipal,
        { logs } as Parameters<typeof ingestPlays>[3],
        t.app.pricing,
        t.app.mediaDurations,
        { now },
      );

    it('stores a batch sent twice through the screen API once, and counts it once', async () => {
      const start = Date.now() - 2 * 86_400_000;
      const logs = Array.from({ length: 20 }, (_, n) => playOf(new Date(start + n * 10_000)));
      const ids = logs.map((log) => log.id);
      const rollupsBefore = await rollupPlays();
      expect((await postPlays(t.app, token, logs)).stored).toHaveLength(20);
      const again = await postPlays(t.app, token, logs);
      expect(again.stored).toEqual([]);
      expect(again.duplicates.sort()).toEqual([...ids].sort());
      expect(await storedRows(ids)).toHaveLength(20);
      expect(await rollupPlays()).toBe(rollupsBefore + 20);
    });

    it('ignores a play resent with its played_at moved into another month: stored once, where it was first', async () => {
      // The last minute of a month and the first of the next, as the server's clock reaches them.
      const boundary = Date.parse(`${addMonths(monthOf(Date.now()), 1)}-01T00:00:00.000Z`);
      const play = playOf(new Date(boundary - 30_000));
      const first = await ingestAt(boundary - 20_000, [play]);
      expect(first.stored).toEqual([play.id]);
      const rollupsBefore = await rollupPlays();
      const moved = { ...play, ...honestPlayTimes(new Date(boundary + 30_000), 1)[0]! };
      const resent = await ingestAt(boundary + 40_000, [moved]);
      expect(resent).toEqual({ stored: [], duplicates: [play.id], refused: [] });
      expect(await storedRows([play.id])).toEqual([
        expect.objectContaining({ partition: `playback_logs_${monthOf(boundary - 1).replace('-', '_')}` }),
      ]);
      expect(await rollupPlays()).toBe(rollupsBefore);
      // Through the screen API too: the same id at another (acceptable) instant is a duplicate.
      const recent = playOf(new Date(Date.now() - 86_400_000));
      await postPlays(t.app, token, [recent]);
      const shifted = { ...recent, ...honestPlayTimes(new Date(Date.now() - 3_600_000), 1)[0]! };
      expect(await postPlays(t.app, token, [shifted])).toEqual({ stored: [], duplicates: [recent.id], refused: [] });
      expect(await storedRows([recent.id])).toHaveLength(1);
    });

    it('forgets the ids of plays too old to be stored again, and such a play resent is refused by age, never stored twice', async () => {
      const now = Date.now();
      // Five and a half hours back: no other test's play of this screen is near it.
      const recent = playOf(new Date(now - 5.5 * 3_600_000));
      expect((await postPlays(t.app, token, [recent])).stored).toEqual([recent.id]);
      // A play stored long ago (as a script or an earlier version might have), and its claimed id.
      await makePlayPartitions(t.db, [monthOf(now - PLAY_ID_MEMORY_MS - 86_400_000)]);
      const oldAt = new Date(now - PLAY_ID_MEMORY_MS - 86_400_000);
      const old = playOf(oldAt);
      await t.db.execute(sql`
        insert into playback_logs (id, ad_id, screen_id, company_id, outlet_id, played_at, play_date, play_time)
        values (${old.id}, ${old.ad_id}, ${old.screen_id}, ${old.company_id}, ${old.outlet_id}, ${oldAt.toISOString()},
          ${old.play_date}, ${old.play_time})`);
      const claimed = (ids: string[]) =>
        rowsOf<{ id: string }>(t.db, sql`select id::text from playback_log_ids where id in ${ids} order by id`);
      expect(await claimed([old.id, recent.id])).toHaveLength(2);

      expect(await forgetOldPlayIds(t.db, now)).toBeGreaterThanOrEqual(1);
      expect((await claimed([old.id, recent.id])).map((row) => row.id)).toEqual([recent.id]);
      expect(await forgetOldPlayIds(t.db, now)).toBe(0);

      // Resent, the old play is too old to reach the table (nothing is left to claim its id there);
      // the screen's own lookup still finds its row and answers it stored already, as the recent one.
      const answer = await postPlays(t.app, token, [old, recent]);
      expect(answer.stored).toEqual([]);
      expect(answer.duplicates.sort()).toEqual([old.id, recent.id].sort());
      expect(answer.refused).toEqual([]);
      expect(await storedRows([old.id, recent.id])).toHaveLength(2);
      // And as a new id the same old instant is refused for its age.
      const stale = await postPlays(t.app, token, [{ ...old, id: randomUUID() }]);
      expect(stale.stored).toEqual([]);
      expect(stale.refused).toHaveLength(1);
    });

    it('holds the rule in the database: a row whose id another month holds is skipped, whoever inserts it', async () => {
      const [row] = await storedRows([
        (await postPlays(t.app, token, [playOf(new Date(Date.now() - 7_200_000))])).stored[0]!,
      ]);
      await makePlayPartitions(t.db, ['2026-01']);
      await t.db.execute(sql`
        insert into playback_logs (id, ad_id, screen_id, company_id, outlet_id, played_at, play_date, play_time)
        select id, ad_id, screen_id, company_id, outlet_id, '2026-01-15 10:00:00+00', '2026-01-15', '10:00:00'
        from playback_logs where id = ${row!.id}`);
      expect(await storedRows([row!.id])).toEqual([row]);
    });

    // PGlite has one connection: its transactions never overlap, and the test above holds there.
    it.runIf(kind === 'postgres')('stores one of two racing inserts of one id in two months', async () => {
      const [template] = await storedRows([
        (await postPlays(t.app, token, [playOf(new Date(Date.now() - 9_000_000))])).stored[0]!,
      ]);
      await makePlayPartitions(t.db, ['2026-02', '2026-03']);
      const id = randomUUID();
      const insertIn = (db: Database, month: string) =>
        db.execute(sql`
          insert into playback_logs (id, ad_id, screen_id, company_id, outlet_id, played_at, play_date, play_time)
          select ${id}, ad_id, screen_id, company_id, outlet_id, ${`${month}-10 10:00:00+00`}::timestamptz,
            ${`${month}-10`}::date, '10:00:00' from playback_logs where id = ${template!.id}`);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let claimed = false;
      const first = t.db.transaction(async (tx) => {
        await insertIn(tx as unknown as Database, '2026-02');
        claimed = true;
        await held;
      });
      await expect.poll(() => claimed).toBe(true);
      // The second insert, on another connection, waits on the first's claim of the id.
      // A drizzle query runs when awaited: this starts it now.
      const second = (async () => await insertIn(t.db, '2026-03'))();
      try {
        await expect
          .poll(
            async () => {
              const [waiting] = await rowsOf<{ count: number }>(
                t.db,
                sql`select count(*)::int as count from pg_stat_activity
                where wait_event_type = 'Lock' and query like '%insert into playback_logs%'`,
              );
              return waiting!.count;
            },
            { timeout: 10_000 },
          )
          .toBe(1);
      } finally {
        release();
      }
      await Promise.all([first, second]);
      expect(await storedRows([id])).toEqual([expect.objectContaining({ partition: 'playback_logs_2026_02' })]);
    });

    it('makes the partitions of the months to come, and of a month reached before its time', async () => {
      const months = await partitionedMonths(t.db);
      expect(months).toEqual(expect.arrayContaining(monthsToHold(Date.now())));
      expect(monthsToHold(Date.parse('2026-12-03T00:00:00Z'))).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
      // A server clock far past the months made ahead (here 2027-09): the ingest makes its month first.
      const far = Date.parse('2027-09-01T00:00:10.000Z');
      expect(months).not.toContain('2027-09');
      const plays = [playOf(new Date(far - 60_000)), playOf(new Date(far))];
      expect((await ingestAt(far + 1000, plays)).stored).toHaveLength(2);
      expect((await storedRows(plays.map((play) => play.id))).map((row) => row.partition).sort()).toEqual([
        'playback_logs_2027_08',
        'playback_logs_2027_09',
      ]);
    });

    it('has no DEFAULT partition: a row of a month never made fails loudly (a screen cannot report one, decision 036)', async () => {
      const id = randomUUID();
      await expect(
        t.db.execute(sql`
          insert into playback_logs (id, ad_id, screen_id, company_id, outlet_id, played_at, play_date, play_time)
          select ${id}, ad_id, screen_id, company_id, outlet_id, '1999-01-15 10:00:00+00', '1999-01-15', '10:00:00'
          from playback_logs limit 1`),
      ).rejects.toThrow();
    });
  });
});
