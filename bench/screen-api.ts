import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ads, companies, outlets, screenServedLists, screens } from '../apps/server/src/db/schema.ts';
import { hashSecret } from '../apps/server/src/modules/auth/passwords.ts';
import { freshDatabase, type LoadResult, load, startServer } from './lib.ts';

const CONNECTIONS = 100;
const INGEST_CONNECTIONS = 20;
const BATCH = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * Screens the ingestion sends plays from: more than the connections, taken in turn, so two batches
 * of one screen (which the server takes one at a time, under the screen's lock) rarely meet.
 */
const SCREENS = 100;
/** Each screen's plays start this long ago, inside the 7-day reporting window (decision 036). */
const HISTORY_MS = 6 * 86_400_000;
/** The image ads' duration: one screen's plays are this far apart, as a real loop's are. */
const PLAY_SECONDS = 5;

interface BenchScreen {
  id: string;
  code: string;
  /** Where the screen's next batch starts on its timeline (ms). */
  nextAt: number;
  token?: string;
}

export interface Fixture {
  screens: BenchScreen[];
  outletId: string;
  companyId: string;
  /** The image ads, which the plays show (5 s each). */
  adIds: string[];
}

/**
 * A company, an outlet, SCREENS screens and ten ads, made HISTORY_MS ago, and for each screen the
 * list of those ads as if served to it then: so a play on the screen's timeline since then could
 * have happened, and the play-acceptance rule (decision 036) stores it. Plays the screen could not
 * have shown would be refused, and a benchmark of those measures nothing (issue 21).
 */
export async function seedIngestionFixture(url: string): Promise<Fixture> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  const db = database.db;
  const historyStart = Date.now() - HISTORY_MS;
  const createdAt = new Date(historyStart - 3_600_000);
  const [company] = await db.insert(companies).values({ name: 'Bench Co', createdAt }).returning();
  const [outlet] = await db
    .insert(outlets)
    .values({ name: 'Bench Outlet', outletCode: 'BENCH-1', createdAt })
    .returning();
  const passcodeHash = await hashSecret('123456');
  const screenRows = await db
    .insert(screens)
    .values(
      Array.from({ length: SCREENS }, (_, index) => ({
        outletId: outlet!.id,
        screenCode: index === 0 ? 'BENCH-SCREEN' : `BENCH-SCREEN-${String(index + 1).padStart(3, '0')}`,
        passcodeHash,
        createdAt,
      })),
    )
    .returning({ id: screens.id, code: screens.screenCode });
  const adRows = await db
    .insert(ads)
    .values(
      Array.from({ length: 10 }, (_, index) => ({
        companyId: company!.id,
        title: `Bench ad ${index + 1}`,
        type: index % 2 ? ('VIDEO' as const) : ('IMAGE' as const),
        mediaUrl: `/media/${randomBytes(32).toString('hex')}.${index % 2 ? 'webm' : 'jpg'}`,
        durationSeconds: index % 2 ? null : PLAY_SECONDS,
        status: 'ACTIVE' as const,
        createdAt,
      })),
    )
    .returning({ id: ads.id, type: ads.type });
  const allAdIds = adRows.map((row) => row.id).sort();
  await db.insert(screenServedLists).values(
    screenRows.map((screen) => ({
      screenId: screen.id,
      servedAt: new Date(historyStart),
      contentKey: 'bench',
      adIds: allAdIds,
      variantIds: [],
    })),
  );
  await database.close();
  return {
    screens: screenRows.map((screen) => ({ id: screen.id, code: screen.code, nextAt: historyStart + 60_000 })),
    outletId: outlet!.id,
    companyId: company!.id,
    adIds: adRows.filter((row) => row.type === 'IMAGE').map((row) => row.id),
  };
}

/** One play of an image ad on `screen` at `at`. */
function play(fixture: Fixture, screen: BenchScreen, at: number) {
  const instant = new Date(at).toISOString();
  return {
    id: randomUUID(),
    ad_id: fixture.adIds[Math.floor(Math.random() * fixture.adIds.length)]!,
    screen_id: screen.id,
    company_id: fixture.companyId,
    outlet_id: fixture.outletId,
    play_date: instant.slice(0, 10),
    play_time: instant.slice(11, 19),
    play_count: 1,
    played_at: instant,
    additional_info: { ad_title: 'Bench ad', ad_duration: PLAY_SECONDS, screen_code: screen.code },
  };
}

/** The next BATCH plays of a screen's loop, one every PLAY_SECONDS, and its timeline moved past them. */
function nextBatch(fixture: Fixture, screen: BenchScreen) {
  const start = screen.nextAt;
  screen.nextAt += BATCH * PLAY_SECONDS * 1000;
  if (screen.nextAt > Date.now()) throw new Error(`bench screen ${screen.code} ran out of history to play`);
  return Array.from({ length: BATCH }, (_, index) => play(fixture, screen, start + index * PLAY_SECONDS * 1000));
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
        const rows = nextBatch(fixture, fixture.screens[next % fixture.screens.length]!);
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
          `insert into playback_logs (id, ad_id, screen_id, company_id, outlet_id, played_at, play_date, play_time, play_count, additional_info) values ${tuples.join(',')} on conflict (id, played_at) do nothing`,
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

async function screenToken(origin: string, screenCode: string): Promise<string> {
  const response = await fetch(`${origin}/api/screen-auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ screen_code: screenCode, pass_code: '123456' }),
  });
  if (!response.ok)
    throw new Error(`screen API bench: ${screenCode} could not sign in: ${response.status} ${await response.text()}`);
  return (await response.json()).data.access_token as string;
}

/** The plays stored for the fixture's screens (an index read, even beside 100 million others). */
async function countPlays(url: string, fixture: Fixture): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ count: string }>(
    'select count(*) from playback_logs where screen_id = any($1::uuid[])',
    [fixture.screens.map((screen) => screen.id)],
  );
  await client.end();
  return Number(rows[0]?.count ?? 0);
}

export type IngestionResult = LoadResult & { playsPerSecond: number; stored: number; refused: number };

/**
 * Plays sent through `POST /api/playback-logs/log` for SECONDS: every screen of the fixture signs in
 * as a screen does, and each batch goes out as the next screen's, in turn. Only stored plays count;
 * a run that stores nothing, or has plays refused, measures nothing and fails saying why.
 */
export async function measureIngestion(origin: string, url: string, fixture: Fixture): Promise<IngestionResult> {
  for (const screen of fixture.screens) screen.token = await screenToken(origin, screen.code);
  let turn = 0;
  const answered = { stored: 0, duplicates: 0, refused: 0 };
  const reasons = new Map<string, number>();
  const before = await countPlays(url, fixture);
  const result = await load({
    url: `${origin}/api/playback-logs/log`,
    connections: INGEST_CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const screen = fixture.screens[turn++ % fixture.screens.length]!;
          return {
            ...request,
            headers: { authorization: `Bearer ${screen.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ logs: nextBatch(fixture, screen) }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          const { data } = JSON.parse(body) as {
            data: { stored: string[]; duplicates: string[]; refused: { reason: string }[] };
          };
          answered.stored += data.stored.length;
          answered.duplicates += data.duplicates.length;
          answered.refused += data.refused.length;
          for (const { reason } of data.refused) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        },
      },
    ],
  });
  const stored = (await countPlays(url, fixture)) - before;
  // (Batches still in flight when the load stops are stored unanswered: the table may hold more.)
  const sent = answered.stored + answered.duplicates + answered.refused;
  if (stored === 0 || answered.refused > 0 || stored < answered.stored) {
    throw new Error(
      `screen API bench: ${stored} plays stored of ${sent} answered (${answered.stored} said stored, ` +
        `${answered.refused} refused: ${JSON.stringify(Object.fromEntries(reasons))}; ${result.non2xx} non-2xx)`,
    );
  }
  return { ...result, stored, refused: answered.refused, playsPerSecond: Math.round(stored / result.durationSeconds) };
}

export async function benchScreenApi(adminUrl: string) {
  const database = await freshDatabase(adminUrl);
  try {
    const fixture = await seedIngestionFixture(database.url);
    const jwtSecret = randomBytes(32).toString('hex');
    const api = await startServer('bench/servers/api-server.ts', { DATABASE_URL: database.url, JWT_SECRET: jwtSecret });
    let adList: { api: LoadResult; bare?: LoadResult; bytes: number };
    let ingest: { api: IngestionResult };
    try {
      const token = await screenToken(api.origin, 'BENCH-SCREEN');
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

      ingest = { api: await measureIngestion(api.origin, database.url, fixture) };
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
