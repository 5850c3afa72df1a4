import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ads, companies, outlets, screens, users } from '../apps/server/src/db/schema.ts';
import { rebuildRollups } from '../apps/server/src/modules/analytics/rollups.service.ts';
import { hashSecret } from '../apps/server/src/modules/auth/passwords.ts';
import { benchToken, freshDatabase, startServer } from './lib.ts';
import { measureIngestion, seedIngestionFixture } from './screen-api.ts';

const PLAYS = Number(process.env.BENCH_PLAYS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DAYS = 90;
const LAST_DAY = '2026-11-20';

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]! * 10) / 10;
}

async function timed(runs: number, task: () => Promise<unknown>) {
  await task();
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return {
    p95Ms: p95(samples),
    medianMs: Math.round([...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]! * 10) / 10,
  };
}

/** 5 advertisers × 10 ads, 20 outlets × 25 screens (each playing 10 ads), PLAYS plays over 90 days, loaded in bulk. */
async function seed(url: string) {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  const db = database.db;
  const companyRows = await db
    .insert(companies)
    .values(Array.from({ length: 5 }, (_, i) => ({ name: `Brand ${i + 1}` })))
    .returning();
  const outletRows = await db
    .insert(outlets)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        name: `Outlet ${i + 1}`,
        outletCode: `OUT-${i + 1}`,
        commissionBps: 1500,
      })),
    )
    .returning();
  const passcodeHash = await hashSecret('123456');
  await db.insert(screens).values(
    outletRows.flatMap((outlet, o) =>
      Array.from({ length: 25 }, (_, s) => ({
        outletId: outlet.id,
        screenCode: `SCR-${o + 1}-${s + 1}`,
        passcodeHash,
      })),
    ),
  );
  await db.insert(ads).values(
    companyRows.flatMap((company, c) =>
      Array.from({ length: 10 }, (_, a) => ({
        companyId: company.id,
        title: `Ad ${c + 1}.${a + 1}`,
        type: 'IMAGE' as const,
        mediaUrl: `/media/${randomBytes(32).toString('hex')}.jpg`,
        durationSeconds: 5,
        status: 'ACTIVE' as const,
      })),
    ),
  );
  await db.insert(users).values({
    email: 'bench@adloop.test',
    name: 'Bench',
    role: 'GLOBAL_ADMIN',
    passwordHash: await hashSecret('bench-password'),
  });
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await client.query("set maintenance_work_mem = '1GB'");
  // Bulk load: the table's indexes and keys are dropped, the rows inserted by one INSERT … SELECT,
  // and everything rebuilt, as a real backfill would.
  const { rows: indexes } = await client.query<{ indexdef: string; indexname: string }>(
    "select indexname, indexdef from pg_indexes where tablename = 'playback_logs' and indexname <> 'playback_logs_id_played_at_pk'",
  );
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  await client.query('alter table playback_logs drop constraint playback_logs_id_played_at_pk');
  // A backfill of new ids claims them in one statement after the load, not row by row through the
  // trigger that guards live ingestion (decision 097); the registry's key is rebuilt after it.
  await client.query('alter table playback_logs disable trigger playback_logs_claim_id');
  await client.query('alter table playback_log_ids drop constraint playback_log_ids_pkey');
  // The log is partitioned by month (decision 097): each month of the history needs its partition.
  await client.query(`
    select adloop_playback_logs_partition(month::date) from generate_series(
      date_trunc('month', timestamp '${LAST_DAY}' - interval '${DAYS} days'), timestamp '${LAST_DAY}', interval '1 month'
    ) month`);
  await client.query(`
    with a as (select array_agg(id order by id) ids, array_agg(company_id order by id) companies from ads),
         s as (select array_agg(id order by id) ids, array_agg(outlet_id order by id) outlets from screens)
    insert into playback_logs (id, ad_id, screen_id, company_id, outlet_id, played_at, play_date, play_time, play_count, additional_info)
    select gen_random_uuid(), a.ids[ai], s.ids[si], a.companies[ai], s.outlets[si], t, (t at time zone 'UTC')::date, (t at time zone 'UTC')::time(0), 1, '{}'::jsonb
    from a, s, lateral (
      select g,
             -- each screen loops 10 of the 50 ads (its targeting), as a real network does
             1 + (((g / 500) % 10) * 5 + ((g % 500) % 5)) as ai,
             1 + (g % 500) as si,
             timestamptz '${LAST_DAY} 23:59:59+00' - make_interval(secs => (g::double precision / ${PLAYS}) * ${DAYS} * 86400) as t
      from generate_series(1, ${PLAYS}) g
    ) x`);
  await client.query(
    'alter table playback_logs add constraint playback_logs_id_played_at_pk primary key (id, played_at)',
  );
  await client.query('insert into playback_log_ids (id, played_at) select id, played_at from playback_logs');
  await client.query('alter table playback_log_ids add primary key (id)');
  await client.query('alter table playback_logs enable trigger playback_logs_claim_id');
  // An index of a partitioned table prints `ON ONLY` it, which would build it on no partition.
  for (const index of indexes) await client.query(index.indexdef.replace(' ON ONLY ', ' ON '));
  await client.query('vacuum analyze playback_logs, playback_log_ids');
  const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
  await client.end();

  const rollupDb = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const rollupStarted = performance.now();
  const rollups = await rebuildRollups(rollupDb.db);
  const rollupSeconds = Math.round((performance.now() - rollupStarted) / 100) / 10;
  await rollupDb.close();
  const analyze = new pg.Client({ connectionString: url });
  await analyze.connect();
  await analyze.query('vacuum analyze play_rollups_daily, play_rollups_ad_daily, play_rollups_screen_daily');
  const { rows: ids } = await analyze.query<{ company: string; screen: string; outlet: string }>(
    'select (select id from companies order by name limit 1) company, (select id from screens order by screen_code limit 1) screen, (select id from outlets order by name limit 1) outlet',
  );
  await analyze.end();
  return { loadSeconds, rollupSeconds, rollupRows: rollups.rows, plays: rollups.plays, ids: ids[0]! };
}

/** The screen API's ingestion (plays that could have happened, only stored ones counted) on one database. */
async function ingestionOn(url: string) {
  const fixture = await seedIngestionFixture(url);
  const api = await startServer('bench/servers/api-server.ts', {
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  try {
    return await measureIngestion(api.origin, url, fixture);
  } finally {
    await api.stop();
  }
}

/** Ingestion into the table of PLAYS plays, beside the same on an empty table in this run (issue 21). */
async function ingestionBesideEmpty(adminUrl: string, url: string) {
  const empty = await freshDatabase(adminUrl);
  let emptyTable: Awaited<ReturnType<typeof ingestionOn>>;
  try {
    emptyTable = await ingestionOn(empty.url);
  } finally {
    await empty.drop();
  }
  const atSize = await ingestionOn(url);
  console.error(`ingestion: ${atSize.playsPerSecond} plays/s at size, ${emptyTable.playsPerSecond} on an empty table`);
  return {
    emptyTable,
    atSize,
    ratio: Math.round((atSize.playsPerSecond / emptyTable.playsPerSecond) * 100) / 100,
    goal: 'at size within 10 % of the empty table (ratio >= 0.9)',
  };
}

/**
 * The same plays in one unpartitioned table with the same key and indexes, as the log was before
 * decision 097: the raw questions are asked of both.
 */
async function flatCopy(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query('create table playback_logs_flat (like playback_logs including defaults including constraints)');
  await client.query('insert into playback_logs_flat select * from playback_logs');
  await client.query('alter table playback_logs_flat add primary key (id)');
  const { rows: indexes } = await client.query<{ indexdef: string; indexname: string }>(
    "select indexname, indexdef from pg_indexes where tablename = 'playback_logs' and indexname <> 'playback_logs_id_played_at_pk'",
  );
  for (const index of indexes) {
    await client.query(
      index.indexdef
        .replace(' ON ONLY ', ' ON ')
        .replace(
          `INDEX ${index.indexname} ON public.playback_logs `,
          `INDEX ${index.indexname}_flat ON public.playback_logs_flat `,
        ),
    );
  }
  await client.query('vacuum analyze playback_logs_flat');
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  await client.end();
  return seconds;
}

const MiB = (bytes: string | number) => Math.round(Number(bytes) / 2 ** 20);

/** The database's size, and the log's heap and each index, partitioned (summed over its months) and flat. */
async function sizes(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: database } = await client.query<{ bytes: string }>(
      'select pg_database_size(current_database()) as bytes',
    );
    const { rows: partitioned } = await client.query<{ name: string; bytes: string }>(`
      select 'table' as name, sum(pg_table_size(relid)) as bytes from pg_partition_tree('playback_logs')
      union all
      select i.indexrelid::regclass::text, (select sum(pg_relation_size(relid)) from pg_partition_tree(i.indexrelid::regclass))
        from pg_index i where i.indrelid = 'playback_logs'::regclass`);
    const { rows: flat } = await client.query<{ name: string; bytes: string }>(`
      select 'table' as name, pg_table_size('playback_logs_flat') as bytes
      union all
      select indexrelid::regclass::text, pg_relation_size(indexrelid) from pg_index where indrelid = 'playback_logs_flat'::regclass`);
    const { rows: registry } = await client.query<{ bytes: string }>(
      "select pg_total_relation_size('playback_log_ids') as bytes",
    );
    const { rows: months } = await client.query<{ count: string }>(
      "select count(*) from pg_partition_tree('playback_logs') where isleaf",
    );
    return {
      databaseMiB: MiB(database[0]!.bytes),
      partitionedMiB: Object.fromEntries(partitioned.map((row) => [row.name, MiB(row.bytes)])),
      partitions: Number(months[0]!.count),
      idRegistryMiB: MiB(registry[0]!.bytes),
      unpartitionedMiB: Object.fromEntries(flat.map((row) => [row.name, MiB(row.bytes)])),
    };
  } finally {
    await client.end();
  }
}

/** Reads the peak resident memory (VmHWM) of a process, in MiB. */
async function peakMemoryMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function benchAnalytics(adminUrl: string) {
  const database = await freshDatabase(adminUrl);
  try {
    const seeded = await seed(database.url);
    const ingestion = await ingestionBesideEmpty(adminUrl, database.url);
    const flatSeconds = await flatCopy(database.url);
    const storage = await sizes(database.url);
    console.error(`sizes: ${JSON.stringify(storage)}`);
    const api = await startServer('bench/servers/api-server.ts', {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    const raw = new pg.Client({ connectionString: database.url });
    await raw.connect();
    try {
      const token = await benchToken(api.origin);
      const headers = { authorization: `Bearer ${token}` };
      const get = async (path: string) => {
        const response = await fetch(`${api.origin}${path}`, { headers });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const from30 = '2026-10-22';
      const questions: Record<string, { api: () => Promise<unknown>; raw: string }> = {
        'analytics overview, 30 days, everything': {
          api: () => get(`/api/analytics/overview?from=${from30}&to=${LAST_DAY}`),
          raw: `select ad_id, screen_id, company_id, outlet_id, play_date, count(*) from playback_logs
                where play_date between '${from30}' and '${LAST_DAY}' group by 1, 2, 3, 4, 5`,
        },
        'analytics overview, 90 days, one company': {
          api: () => get(`/api/analytics/overview?from=2026-08-23&to=${LAST_DAY}&company_id=${seeded.ids.company}`),
          raw: `select ad_id, screen_id, outlet_id, play_date, count(*) from playback_logs
                where company_id = '${seeded.ids.company}' group by 1, 2, 3, 4`,
        },
        'analytics overview, 30 days, one screen': {
          api: () => get(`/api/analytics/overview?from=${from30}&to=${LAST_DAY}&screen_id=${seeded.ids.screen}`),
          raw: `select ad_id, play_date, count(*) from playback_logs
                where screen_id = '${seeded.ids.screen}' and play_date >= '${from30}' group by 1, 2`,
        },
        'playback log, first page of 50': {
          api: () => get('/api/playback-logs?limit=50'),
          raw: 'select * from playback_logs order by played_at desc, id desc limit 50',
        },
        'playback log, one outlet, 7 days, first page': {
          api: () => get(`/api/playback-logs?limit=50&outlet_id=${seeded.ids.outlet}&from=2026-11-14T00:00:00Z`),
          raw: `select * from playback_logs where outlet_id = '${seeded.ids.outlet}' and played_at >= '2026-11-14' order by played_at desc, id desc limit 50`,
        },
      };
      // A page deep in the log: the cursor after 100 pages, against OFFSET 5,000 on the raw table.
      let cursor: string | null = null;
      for (let page = 0; page < 100; page += 1) {
        cursor = (await get(`/api/playback-logs?limit=50${cursor ? `&cursor=${cursor}` : ''}`)).meta.nextCursor;
      }
      questions['playback log, page 101 (cursor vs OFFSET 5000)'] = {
        api: () => get(`/api/playback-logs?limit=50&cursor=${cursor}`),
        raw: 'select * from playback_logs order by played_at desc, id desc offset 5000 limit 50',
      };
      questions['playback log, one screen, deepest page (cursor vs OFFSET)'] = {
        api: () => get(`/api/playback-logs?limit=50&screen_id=${seeded.ids.screen}&to=2026-08-25T00:00:00Z`),
        raw: `select * from playback_logs where screen_id = '${seeded.ids.screen}' order by played_at desc, id desc offset 19500 limit 50`,
      };

      const results: Record<string, unknown> = {};
      for (const [name, question] of Object.entries(questions)) {
        const apiTiming = await timed(RUNS, question.api);
        const rawTiming = await timed(Math.min(RUNS, 10), () => raw.query(question.raw));
        const flatSql = question.raw.replaceAll('from playback_logs', 'from playback_logs_flat');
        const flatTiming = await timed(Math.min(RUNS, 10), () => raw.query(flatSql));
        results[name] = {
          api: apiTiming,
          rawTable: rawTiming,
          rawUnpartitionedTable: flatTiming,
          goal: 'api p95 < 50 ms',
        };
        console.error(
          `${name}: api p95 ${apiTiming.p95Ms} ms, raw table p95 ${rawTiming.p95Ms} ms (unpartitioned ${flatTiming.p95Ms} ms)`,
        );
      }

      // CSV export of a month (the 30 days to LAST_DAY: a third of the plays), streamed; the server's
      // peak memory before and after.
      const exportTo = `${LAST_DAY}T23:59:59Z`;
      const exportFrom = new Date(Date.parse(exportTo) - 30 * 86_400_000).toISOString();
      const link = await fetch(`${api.origin}/api/playback-logs/exports`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ from: exportFrom, to: exportTo }),
      });
      const { url } = (await link.json()).data;
      const memoryBefore = await peakMemoryMiB(api.pid);
      const exportStarted = performance.now();
      const response = await fetch(`${api.origin}${url}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body!) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const exportSeconds = Math.round((performance.now() - exportStarted) / 100) / 10;
      results['CSV export'] = {
        rows: lines - 1,
        megabytes: Math.round(bytes / 2 ** 20),
        seconds: exportSeconds,
        rowsPerSecond: Math.round((lines - 1) / exportSeconds),
        serverPeakMemoryMiB: { beforeExport: memoryBefore, afterExport: await peakMemoryMiB(api.pid) },
      };
      console.error(`CSV export: ${lines - 1} rows in ${exportSeconds} s`);
      return {
        plays: seeded.plays,
        loadSeconds: seeded.loadSeconds,
        unpartitionedCopySeconds: flatSeconds,
        storage,
        ingestion,
        rollups: { rows: seeded.rollupRows, rebuildSeconds: seeded.rollupSeconds },
        queries: results,
      };
    } finally {
      await raw.end();
      await api.stop();
    }
  } finally {
    await database.drop();
  }
}
