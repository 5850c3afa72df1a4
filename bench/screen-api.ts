import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ads, companies, outlets, screens } from '../apps/server/src/db/schema.ts';
import { hashSecret } from '../apps/server/src/modules/auth/passwords.ts';
import { freshDatabase, type LoadResult, load, startServer } from './lib.ts';

const CONNECTIONS = 100;
const INGEST_CONNECTIONS = 20;
const BATCH = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Fixture {
  screenId: string;
  outletId: string;
  companyId: string;
  adIds: string[];
}

async function seed(url: string): Promise<Fixture> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  const db = database.db;
  const [company] = await db.insert(companies).values({ name: 'Bench Co' }).returning();
  const [outlet] = await db.insert(outlets).values({ name: 'Bench Outlet', outletCode: 'BENCH-1' }).returning();
  const [screen] = await db
    .insert(screens)
    .values({ outletId: outlet!.id, screenCode: 'BENCH-SCREEN', passcodeHash: await hashSecret('123456') })
    .returning();
  const rows = await db
    .insert(ads)
    .values(
      Array.from({ length: 10 }, (_, index) => ({
        companyId: company!.id,
        title: `Bench ad ${index + 1}`,
        type: index % 2 ? ('VIDEO' as const) : ('IMAGE' as const),
        mediaUrl: `/media/${randomBytes(32).toString('hex')}.${index % 2 ? 'webm' : 'jpg'}`,
        durationSeconds: index % 2 ? null : 5,
        status: 'ACTIVE' as const,
      })),
    )
    .returning({ id: ads.id });
  await database.close();
  return { screenId: screen!.id, outletId: outlet!.id, companyId: company!.id, adIds: rows.map((row) => row.id) };
}

function play(fixture: Fixture) {
  const now = new Date();
  return {
    id: randomUUID(),
    ad_id: fixture.adIds[Math.floor(Math.random() * fixture.adIds.length)]!,
    screen_id: fixture.screenId,
    company_id: fixture.companyId,
    outlet_id: fixture.outletId,
    play_date: now.toISOString().slice(0, 10),
    play_time: now.toISOString().slice(11, 19),
    play_count: 1,
    played_at: now.toISOString(),
    additional_info: { ad_title: 'Bench ad', ad_duration: 5, screen_code: 'BENCH-SCREEN' },
  };
}

/** The same rows through a plain pg pool: one multi-row INSERT per batch, as many in flight as the API had. */
async function rawInsert(url: string, fixture: Fixture, totalRows: number) {
  const pool = new pg.Pool({ connectionString: url, max: INGEST_CONNECTIONS });
  const batches = Math.ceil(totalRows / BATCH);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONNECTIONS }, async () => {
      while (next < batches) {
        next += 1;
        const rows = Array.from({ length: BATCH }, () => play(fixture));
        const values: unknown[] = [];
        const tuples = rows.map((row, index) => {
          const base = index * 10;
          values.push(
            row.id,
            row.ad_id,
            row.screen_id,
            row.company_id,
            row.outlet_id,
            row.played_at,
            row.play_date,
            row.play_time,
            row.play_count,
            JSON.stringify(row.additional_info),
          );
          return `(${Array.from({ length: 10 }, (_, k) => `$${base + k + 1}`).join(',')})`;
        });
        await pool.query(
          `insert into playback_logs (id, ad_id, screen_id, company_id, outlet_id, played_at, play_date, play_time, play_count, additional_info) values ${tuples.join(',')} on conflict (id) do nothing`,
          values,
        );
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return {
    rows: batches * BATCH,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round((batches * BATCH) / seconds),
  };
}

async function countPlays(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('select count(*) from playback_logs');
  await client.end();
  return Number(rows[0]?.count ?? 0);
}

export async function benchScreenApi(adminUrl: string) {
  const database = await freshDatabase(adminUrl);
  try {
    const fixture = await seed(database.url);
    const jwtSecret = randomBytes(32).toString('hex');
    const api = await startServer('bench/servers/api-server.ts', { DATABASE_URL: database.url, JWT_SECRET: jwtSecret });
    let adList: { api: LoadResult; bare?: LoadResult; bytes: number };
    let ingest: { api: LoadResult & { playsPerSecond: number; stored: number } };
    try {
      const auth = await fetch(`${api.origin}/api/screen-auth/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ screen_code: 'BENCH-SCREEN', pass_code: '123456' }),
      });
      const token = (await auth.json()).data.access_token as string;
      const headers = { authorization: `Bearer ${token}` };
      const body = Buffer.from(await (await fetch(`${api.origin}/api/screen-auth/ads`, { headers })).arrayBuffer());
      const bodyFile = path.join(tmpdir(), `adloop-bench-ads-${process.pid}.json`);
      await writeFile(bodyFile, body);

      const adsUrl = `${api.origin}/api/screen-auth/ads`;
      await load({ url: adsUrl, headers, connections: CONNECTIONS, duration: 2 });
      adList = {
        api: await load({ url: adsUrl, headers, connections: CONNECTIONS, duration: SECONDS }),
        bytes: body.length,
      };

      const bare = await startServer('bench/servers/bare-server.ts', { BODY_FILE: bodyFile });
      try {
        const bareUrl = `${bare.origin}/api/screen-auth/ads`;
        await load({ url: bareUrl, connections: CONNECTIONS, duration: 2 });
        adList.bare = await load({ url: bareUrl, connections: CONNECTIONS, duration: SECONDS });
      } finally {
        await bare.stop();
      }

      const before = await countPlays(database.url);
      const result = await load({
        url: `${api.origin}/api/playback-logs/log`,
        connections: INGEST_CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ logs: Array.from({ length: BATCH }, () => play(fixture)) }),
            }),
          },
        ],
      });
      const stored = (await countPlays(database.url)) - before;
      ingest = {
        api: { ...result, stored, playsPerSecond: Math.round(stored / result.durationSeconds) },
      };
    } finally {
      await api.stop();
    }
    const raw = await rawInsert(database.url, fixture, ingest.api.stored);
    const bare = adList.bare!;
    return {
      adList: {
        connections: CONNECTIONS,
        responseBytes: adList.bytes,
        api: adList.api,
        bareFastify: bare,
        ratio: Math.round((adList.api.requestsPerSecond / bare.requestsPerSecond) * 100) / 100,
        goal: 'ratio >= 0.5, p99 < 50 ms',
      },
      ingestion: {
        batchSize: BATCH,
        connections: INGEST_CONNECTIONS,
        api: ingest.api,
        rawMultiRowInsert: raw,
        ratio: Math.round((ingest.api.playsPerSecond / raw.rowsPerSecond) * 100) / 100,
        goal: '>= 20000 plays/s and ratio >= 0.5',
      },
    };
  } finally {
    await database.drop();
  }
}
