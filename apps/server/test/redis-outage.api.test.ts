import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs } from '../src/db/schema.ts';
import type { BusLogger } from '../src/lib/redis-event-bus.ts';
import { type Instance, startInstancePair } from './helpers/bus-instances.ts';
import { readEvents } from './helpers/event-stream.ts';
import {
  createAd,
  createCompany,
  createOutlet,
  createScreen,
  honestPlayTimes,
  reportedPlay,
} from './helpers/factories.ts';
import { ownRedisServer, redisServerBinary } from './helpers/redis-server.ts';
import { bearer, connectScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds } from './helpers/test-app.ts';

// Issue 21: Redis going away between two instances must cost no play and no edit (decision 099).
const binary = redisServerBinary();
const quietLogger: BusLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** The bus state an instance's health check reports. */
async function busOf(app: FastifyInstance) {
  const health = await app.inject({ url: '/api/health' });
  return { statusCode: health.statusCode, ...(health.json().data as { status: string; bus: { connected: boolean } }) };
}

/** The skip says why in the run's output: the test starts and kills a Redis of its own. */
const skipReason = binary ? '' : ' (skipped: no redis-server on PATH)';

describe.skipIf(!binary).each(databaseKinds)(
  `a Redis outage between two instances on one %s database${skipReason}`,
  (kind) => {
    let redis: Awaited<ReturnType<typeof ownRedisServer>>;
    let pair: Awaited<ReturnType<typeof startInstancePair>>;
    let a: Instance;
    let b: Instance;
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);

    beforeAll(async () => {
      redis = await ownRedisServer(binary!);
      pair = await startInstancePair(kind, {
        url: redis.url,
        channel: `adloop-test:${randomBytes(4).toString('hex')}`,
        logger: quietLogger,
      });
      ({ a, b } = pair);
      process.on('uncaughtException', onCrash);
      process.on('unhandledRejection', onCrash);
    });
    afterAll(async () => {
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
      await pair?.close();
      await redis?.kill();
    });

    it('both keep serving and storing plays; once Redis is back the screen on B reloads and sees the edit made through A', async () => {
      const db = pair.db;
      const company = await createCompany(db);
      const ad = await createAd(db, company.id, { title: 'Before the outage' });
      const screen = await createScreen(db, (await createOutlet(db)).id);
      const session = await connectScreen(b.app, screen);
      const screenAuth = bearer(session.access_token);
      const admin = bearer(await signInAs({ app: a.app, db }));
      let clock = Date.now() - 86_400_000;
      const plays = (count: number) =>
        Array.from({ length: count }, () => {
          clock += 10_000;
          return reportedPlay(ad, screen, honestPlayTimes(new Date(clock), 1)[0]!);
        });
      const postPlays = (app: FastifyInstance, logs: ReturnType<typeof plays>) =>
        app.inject({ method: 'POST', url: '/api/playback-logs/log', headers: screenAuth, payload: { logs } });
      const titleOnB = async () => {
        const list = await b.app.inject({ url: '/api/screen-auth/ads', headers: screenAuth });
        return (list.json().data as { id: string; title: string }[]).find((row) => row.id === ad.id)?.title;
      };
      const sent: string[] = [];
      const batches: ReturnType<typeof plays>[] = [];

      const stream = await fetch(`${b.origin}/api/screen-auth/events`, { headers: screenAuth });
      expect(stream.status).toBe(200);
      const events = readEvents(stream.body!);
      try {
        await events.next('hello');
        expect(await busOf(a.app)).toMatchObject({
          statusCode: 200,
          status: 'ok',
          bus: { kind: 'redis', connected: true },
        });

        await redis.kill();
        await expect.poll(async () => (await busOf(a.app)).bus.connected, { timeout: 10_000 }).toBe(false);
        await expect.poll(async () => (await busOf(b.app)).bus.connected, { timeout: 10_000 }).toBe(false);
        // Without Redis each process still serves its screens: health says so with 200, not 503.
        for (const app of [a.app, b.app])
          expect(await busOf(app)).toMatchObject({ statusCode: 200, status: 'degraded' });

        for (const app of [a.app, b.app, a.app, b.app]) {
          const logs = plays(20);
          batches.push(logs);
          sent.push(...logs.map((log) => log.id));
          const posted = await postPlays(app, logs);
          expect(posted.statusCode, posted.body).toBe(200);
          expect(posted.json().data.stored).toHaveLength(20);
        }
        const edit = await a.app.inject({
          method: 'PATCH',
          url: `/api/ads/${ad.id}`,
          headers: admin,
          payload: { title: 'Edited during the outage' },
        });
        expect(edit.statusCode).toBe(200);
        expect((await b.app.inject({ url: '/api/screen-auth/ads', headers: screenAuth })).statusCode).toBe(200);

        await redis.start();
        await expect.poll(async () => (await busOf(b.app)).status, { timeout: 15_000 }).toBe('ok');
        await expect.poll(async () => (await busOf(a.app)).status, { timeout: 15_000 }).toBe('ok');
        // B never heard the edit; its reconnect notice tells the screen to reload its whole list.
        expect(await events.next('ads-changed', 10_000)).toEqual({ ad_ids: [], spread_ms: expect.any(Number) });
        expect(await titleOnB()).toBe('Edited during the outage');

        // A screen whose answer was lost sends its batch again, to the other instance: nothing is stored twice.
        const resent = await postPlays(b.app, batches[0]!);
        expect(resent.statusCode).toBe(200);
        expect(resent.json().data).toMatchObject({ stored: [], refused: [] });
        expect(resent.json().data.duplicates).toHaveLength(20);

        const stored = await db
          .select({ id: playbackLogs.id, copies: sql<number>`count(*)::int` })
          .from(playbackLogs)
          .where(sql`${playbackLogs.id} in ${sent}`)
          .groupBy(playbackLogs.id);
        expect(stored).toHaveLength(sent.length);
        expect(stored.every((row) => row.copies === 1)).toBe(true);
        expect(crashes).toEqual([]);
      } finally {
        await events.cancel();
      }
    });
  },
);
