import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { lsnValue } from '../src/db/read-replica.ts';
import { adAndScreen, honestPlayTimes, reportedPlay } from './helpers/factories.ts';
import { postPlays } from './helpers/plays.ts';
import {
  postgresServerBinaries,
  startPrimaryCluster,
  startStreamingReplica,
  type TestCluster,
} from './helpers/postgres-cluster.ts';
import { validateResponses } from './helpers/response-validation.ts';
import { bearer, connectScreen, signedIn } from './helpers/sign-in.ts';
import { openMigratedDatabase, TEST_ADMISSION } from './helpers/test-app.ts';

/**
 * Decision 098: analytics and the playback log read from a streaming replica when it is current
 * enough for the caller, and from the primary otherwise. The test owns a primary and a hot standby
 * of it (initdb + pg_basebackup -R, as the fleet starts its cluster) and lags the standby on purpose
 * by pausing its replay.
 */
const bin = postgresServerBinaries();
const SKIPPED = 'skipped: no PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) under /usr/lib/postgresql';
if (!bin) console.warn(`read-replica.api.test.ts ${SKIPPED}`);

const METRICS_TOKEN = 'replica-metrics-token-0123456789';
/** A busy 2-core machine: states are waited for this long before the test gives up. */
const PATIENCE_MS = 60_000;

/** Polls `check` until it returns a value other than undefined: waits for a state, never a fixed time. */
async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${PATIENCE_MS} ms for ${what}`);
    await sleep(50);
  }
}

const utcDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!bin)(`reads from a streaming replica${bin ? '' : ` (${SKIPPED})`}`, () => {
  let primary: TestCluster;
  let replica: TestCluster;
  let primaryDatabase: DatabaseHandle;
  let replicaDatabase: DatabaseHandle;
  /** Plain connections for the test's own look at the clusters and for pausing replay. */
  let primaryClient: pg.Client;
  let replicaClient: pg.Client;
  let app: FastifyInstance;
  let mediaDir: string;
  let writer: { id: string; token: string };
  let reader: { id: string; token: string };
  let companyId: string;
  let sendPlays: (count: number) => Promise<void>;

  const range = `from=${utcDate(-2)}&to=${utcDate(1)}`;
  const get = async (url: string, token: string) => {
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const playsInAnalytics = async (token: string) =>
    (await get(`/api/analytics/overview?${range}`, token)).data.totals.plays as number;
  const receivedInAnalytics = async (token: string) =>
    (await get(`/api/analytics/overview?${range}`, token)).data.revenue.received_minor as number;
  const playsListed = async (token: string) => (await get('/api/playback-logs?limit=500', token)).data.length as number;
  const playsExported = async (token: string) => {
    const link = await app.inject({
      method: 'POST',
      url: '/api/playback-logs/exports',
      headers: bearer(token),
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(200);
    const csv = await app.inject({ method: 'GET', url: link.json().data.url });
    expect(csv.statusCode, csv.body).toBe(200);
    return csv.body.trim().split('\r\n').length - 1;
  };
  const health = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.read_replica as { used: boolean; ok: boolean; lag_ms: number | null };
  };
  const playsOnPrimary = async () =>
    Number((await primaryClient.query('select count(*)::int as n from playback_logs')).rows[0].n);
  const primaryLsn = async () =>
    lsnValue((await primaryClient.query('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn);
  const replayedLsn = async () =>
    lsnValue((await replicaClient.query('select pg_last_wal_replay_lsn()::text as lsn')).rows[0].lsn);
  /** The standby has replayed everything the primary had written when asked. */
  const replicaCaughtUp = async () => {
    const target = await primaryLsn();
    await until('the replica to replay the primary', async () => ((await replayedLsn()) >= target ? true : undefined));
  };
  const pauseReplay = async () => {
    await replicaClient.query('select pg_wal_replay_pause()');
    await until('replay to pause', async () => {
      const { rows } = await replicaClient.query('select pg_get_wal_replay_pause_state() as state');
      return rows[0].state === 'paused' ? true : undefined;
    });
  };
  const resumeReplay = () => replicaClient.query('select pg_wal_replay_resume()');

  beforeAll(async () => {
    primary = await startPrimaryCluster(bin!);
    replica = await startStreamingReplica(bin!, primary);
    primaryClient = new pg.Client({ connectionString: primary.url });
    replicaClient = new pg.Client({ connectionString: replica.url });
    await primaryClient.connect();
    await replicaClient.connect();
    primaryDatabase = await openDatabase({ kind: 'postgres', url: primary.url, poolSize: 5 });
    replicaDatabase = await openDatabase({ kind: 'postgres', url: replica.url, poolSize: 5, readOnly: true });
    // Migrations run on the primary only; the standby gets them by replaying its WAL.
    await primaryDatabase.migrate();
    await replicaCaughtUp();

    mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
    app = await buildApp({
      database: primaryDatabase,
      // Minutes, so that pausing replay for the test's length never passes the bound by itself.
      replica: { database: replicaDatabase, maxLagMs: 10 * 60_000 },
      jwtSecret: randomBytes(32),
      mediaDir,
      admission: TEST_ADMISSION,
      metricsToken: METRICS_TOKEN,
    });
    validateResponses(app);
    await app.ready();

    const db = primaryDatabase.db;
    const { company, ad, screen } = await adAndScreen(db, { title: 'Filter coffee' });
    companyId = company.id;
    writer = await signedIn(app, db, 'GLOBAL_ADMIN');
    reader = await signedIn(app, db, 'GLOBAL_ADMIN');
    const screenToken = (await connectScreen(app, screen)).access_token;
    let clock = Date.now() - 2 * 60 * 60_000;
    sendPlays = async (count) => {
      const logs = honestPlayTimes(new Date(clock), count).map((times) => reportedPlay(ad, screen, times));
      clock += count * 10_000;
      const answer = await postPlays(app, screenToken, logs);
      expect(answer.refused).toEqual([]);
    };
    await sendPlays(3);
    await replicaCaughtUp();
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await primaryDatabase?.close();
    await replicaDatabase?.close();
    await primaryClient?.end().catch(() => {});
    await replicaClient?.end().catch(() => {});
    await replica?.remove();
    await primary?.remove();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  }, 120_000);

  it('answers analytics and the playback log from the replica, and health says it is used', async () => {
    expect(await health()).toMatchObject({ used: true, ok: true });
    expect(await playsInAnalytics(reader.token)).toBe(3);
    expect(await playsListed(reader.token)).toBe(3);
    expect(await playsExported(reader.token)).toBe(3);
  });

  it("answers the replica's older, consistent snapshot while its replay is paused, then catches up", async () => {
    await pauseReplay();
    try {
      await sendPlays(2);
      expect(await playsOnPrimary()).toBe(5);
      // Plays arriving from screens are nobody's own write: the pages answer from the replica, behind.
      expect(await playsInAnalytics(reader.token)).toBe(3);
      expect(await playsListed(reader.token)).toBe(3);
      expect(await playsExported(reader.token)).toBe(3);
      const lagging = await until('health to see the replica behind', async () => {
        const state = await health();
        return state.lag_ms !== null && state.lag_ms > 0 ? state : undefined;
      });
      expect(lagging).toMatchObject({ used: true, ok: true });
      const metrics = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
      const lagSeconds = /^adloop_read_replica_lag_seconds (\S+)$/m.exec(metrics.body)?.[1];
      expect(Number(lagSeconds)).toBeGreaterThan(0);
    } finally {
      await resumeReplay();
    }
    await until('the pages to catch up', async () => ((await playsInAnalytics(reader.token)) === 5 ? true : undefined));
    expect(await playsListed(reader.token)).toBe(5);
    expect(await playsExported(reader.token)).toBe(5);
  });

  it("reads a user's own write at once, from the primary, while the replica has not replayed it", async () => {
    await replicaCaughtUp();
    const receivedBefore = await receivedInAnalytics(writer.token);
    await pauseReplay();
    try {
      const recorded = await app.inject({
        method: 'POST',
        url: '/api/ad-transaction',
        headers: bearer(writer.token),
        payload: {
          company_id: companyId,
          amount_minor: 125_000,
          method: 'UPI',
          status: 'COMPLETED',
          transacted_at: new Date().toISOString(),
        },
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
      // The user who recorded the payment sees it in analytics' money at once…
      expect(await receivedInAnalytics(writer.token)).toBe(receivedBefore + 125_000);
      // …while another user, who wrote nothing, still reads the replica's snapshot without it.
      expect(await receivedInAnalytics(reader.token)).toBe(receivedBefore);
      await sendPlays(1);
      expect(await playsListed(writer.token)).toBe(6);
      expect(await playsListed(reader.token)).toBe(5);
    } finally {
      await resumeReplay();
    }
    await until('the replica to replay the payment', async () =>
      (await receivedInAnalytics(reader.token)) === receivedBefore + 125_000 ? true : undefined,
    );
    expect(await playsListed(reader.token)).toBe(6);

    // Once the replica has replayed the payment, the writer's reads go to it again.
    await replicaCaughtUp();
    await pauseReplay();
    try {
      await sendPlays(1);
      expect(await playsOnPrimary()).toBe(7);
      // As soon as the app's next look at the replica (half a second apart) sees the payment replayed.
      await until('the writer to read from the replica', async () =>
        (await playsListed(writer.token)) === 6 ? true : undefined,
      );
    } finally {
      await resumeReplay();
    }
    await replicaCaughtUp();
  });

  it('reads from the primary while the replica lags past the bound', async () => {
    const strict = await buildApp({
      database: primaryDatabase,
      replica: { database: replicaDatabase, maxLagMs: 0 },
      jwtSecret: randomBytes(32),
      mediaDir,
      admission: TEST_ADMISSION,
    });
    await strict.ready();
    try {
      await pauseReplay();
      await sendPlays(1);
      const token = (await signedIn(strict, primaryDatabase.db, 'GLOBAL_ADMIN')).token;
      const answer = await strict.inject({
        method: 'GET',
        url: '/api/playback-logs?limit=500',
        headers: bearer(token),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toHaveLength(8);
      const state = (await strict.inject({ method: 'GET', url: '/api/health' })).json().data.read_replica;
      expect(state).toMatchObject({ used: false, ok: true, max_lag_ms: 0 });
    } finally {
      await resumeReplay();
      await strict.close();
    }
    await replicaCaughtUp();
  });

  /** An app on the same clusters whose one look at the replica stands for ten minutes, and a user signed in to it. */
  const believingApp = async () => {
    const believing = await buildApp({
      database: primaryDatabase,
      replica: { database: replicaDatabase, stateTtlMs: 10 * 60_000 },
      jwtSecret: randomBytes(32),
      mediaDir,
      admission: TEST_ADMISSION,
    });
    await believing.ready();
    const token = (await signedIn(believing, primaryDatabase.db, 'GLOBAL_ADMIN')).token;
    return {
      app: believing,
      token,
      read: (url: string) => believing.inject({ method: 'GET', url, headers: bearer(token) }),
      health: async () => (await believing.inject({ method: 'GET', url: '/api/health' })).json().data,
    };
  };

  it('answers from the primary, never a 5xx, once the replica is stopped', async () => {
    await replicaCaughtUp();
    // Apps whose look at the replica stands for minutes still believe it up once it is stopped: their
    // reads go there, fail and are read again on the primary; a CSV's stream finds it out first.
    const [pages, download] = [await believingApp(), await believingApp()];
    try {
      for (const believer of [pages, download]) {
        expect((await believer.health()).read_replica).toMatchObject({ used: true, ok: true });
      }
      await replicaClient.end();
      await replica.stop();
      const overview = await pages.read(`/api/analytics/overview?${range}`);
      expect(overview.statusCode, overview.body).toBe(200);
      expect(overview.json().data.totals.plays).toBe(8);
      // The failed read made it look again: health says the replica is down, and the server is ok.
      const state = await pages.health();
      expect(state).toMatchObject({ status: 'ok', database: { ok: true } });
      expect(state.read_replica).toEqual({ used: false, ok: false, lag_ms: null, max_lag_ms: 10_000 });
      const listed = await pages.read('/api/playback-logs?limit=500');
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data).toHaveLength(8);
      const link = await download.app.inject({
        method: 'POST',
        url: '/api/playback-logs/exports',
        headers: bearer(download.token),
        payload: {},
      });
      const csv = await download.app.inject({ method: 'GET', url: link.json().data.url });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body.trim().split('\r\n')).toHaveLength(1 + 8);
    } finally {
      await pages.app.close();
      await download.app.close();
    }

    // The test's app, with its usual half-second look, answers every page from the primary too.
    await sendPlays(1);
    const down = await until('health to see the replica down', async () => {
      const state = await health();
      return state.ok ? undefined : state;
    });
    expect(down).toEqual({ used: false, ok: false, lag_ms: null, max_lag_ms: 600_000 });
    expect(await playsInAnalytics(reader.token)).toBe(9);
    expect(await playsListed(reader.token)).toBe(9);
    expect(await playsExported(reader.token)).toBe(9);
  });
});

describe('a read replica beside the embedded database', () => {
  it('is refused at start, saying why: PGlite has no replicas', async () => {
    const { database: embedded } = await openMigratedDatabase('pglite');
    const mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
    try {
      await expect(
        buildApp({
          database: embedded,
          replica: { database: embedded },
          jwtSecret: randomBytes(32),
          mediaDir,
          admission: TEST_ADMISSION,
        }),
      ).rejects.toThrow('A read replica (DATABASE_READ_URL) needs the primary on PostgreSQL (DATABASE_URL)');
    } finally {
      await embedded.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});
