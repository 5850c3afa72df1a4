import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import type { BusEvent } from '../src/lib/event-bus.ts';
import { type BusLogger, RedisEventBus } from '../src/lib/redis-event-bus.ts';
import { type Instance, startInstance, startInstancePair } from './helpers/bus-instances.ts';
import { readEvents } from './helpers/event-stream.ts';
import { createAd, createCompany, createOutlet, createScreen, createUser } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, openMigratedDatabase } from './helpers/test-app.ts';

// Redis runs beside PostgreSQL on every machine and in CI; each run talks on channels of its own.
/** Redis tests run when TEST_REDIS_URL names a server (CI sets it); without one they are skipped. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const withRedis = Boolean(REDIS_URL);
const runId = randomBytes(4).toString('hex');
let channels = 0;
const freshChannel = () => `adloop-test:${runId}:${++channels}`;

/** Collects what the bus logs, to check malformed messages are reported. */
function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const logger: BusLogger = {
    info: (_, message) => lines.push({ level: 'info', message }),
    warn: (_, message) => lines.push({ level: 'warn', message }),
    error: (_, message) => lines.push({ level: 'error', message }),
  };
  return { logger, lines };
}

/** Staff changes made through one instance, which the other instances' screens must hear of. */
const editAd = (app: FastifyInstance, admin: { authorization: string }, adId: string, title: string) =>
  app.inject({ method: 'PATCH', url: `/api/ads/${adId}`, headers: admin, payload: { title } });
const resetPasscode = (app: FastifyInstance, admin: { authorization: string }, screenId: string) =>
  app.inject({ method: 'POST', url: `/api/ad-screens/${screenId}/reset-passcode`, headers: admin });

const busOptions = (channel: string) => ({ url: REDIS_URL, channel, logger: recordingLogger().logger });

async function until(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!withRedis)('RedisEventBus', () => {
  it('delivers every event exactly once to the listeners of every bus on the channel, the publisher included', async () => {
    const channel = freshChannel();
    const a = await RedisEventBus.connect({ url: REDIS_URL, channel, logger: recordingLogger().logger });
    const b = await RedisEventBus.connect({ url: REDIS_URL, channel, logger: recordingLogger().logger });
    const other = await RedisEventBus.connect({
      url: REDIS_URL,
      channel: freshChannel(),
      logger: recordingLogger().logger,
    });
    const heardA: BusEvent[] = [];
    const heardB: BusEvent[] = [];
    const heardOther: BusEvent[] = [];
    a.subscribe((event) => heardA.push(event));
    b.subscribe((event) => heardB.push(event));
    other.subscribe((event) => heardOther.push(event));
    try {
      await a.publish({ type: 'ads.changed', adIds: ['ad-1'] });
      await b.publish({ type: 'screen.changed', screenId: 'screen-1', reason: 'disabled' });
      await until(() => heardA.length >= 2 && heardB.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const expected = [
        { type: 'ads.changed', adIds: ['ad-1'] },
        { type: 'screen.changed', screenId: 'screen-1', reason: 'disabled' },
      ];
      expect(heardA).toEqual(expected);
      expect(heardB).toEqual(expected);
      expect(heardOther).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });

  it('logs and ignores malformed messages, and a failing listener keeps the event from no other', async () => {
    const channel = freshChannel();
    const { logger, lines } = recordingLogger();
    const bus = await RedisEventBus.connect({ url: REDIS_URL, channel, logger });
    const raw = new Redis(REDIS_URL);
    const heard: BusEvent[] = [];
    bus.subscribe(() => {
      throw new Error('listener fault');
    });
    bus.subscribe((event) => heard.push(event));
    try {
      await raw.publish(channel, 'not json');
      await raw.publish(channel, JSON.stringify({ type: 'ads.changed', adIds: 'not a list' }));
      await raw.publish(channel, JSON.stringify({ type: 'unknown.event' }));
      await bus.publish({ type: 'ads.changed', adIds: ['ad-2'] });
      await until(() => heard.length >= 1);
      expect(heard).toEqual([{ type: 'ads.changed', adIds: ['ad-2'] }]);
      expect(lines.filter((line) => line.message === 'malformed event bus message ignored')).toHaveLength(3);
      expect(lines.filter((line) => line.message === 'event bus listener failed')).toHaveLength(1);
    } finally {
      await raw.quit();
      await bus.close();
    }
  });

  it('after its subscriber reconnects, tells listeners ads may have changed and hears the channel again', async () => {
    const channel = freshChannel();
    const { logger } = recordingLogger();
    const bus = await RedisEventBus.connect({ url: REDIS_URL, channel, logger, connectionName: `test-${runId}` });
    const raw = new Redis(REDIS_URL);
    const heard: BusEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    try {
      const clients = (await raw.client('LIST')) as string;
      const subscriber = clients
        .split('\n')
        .find((line) => line.includes(` name=test-${runId} `) && / sub=1 /.test(line));
      const id = /\bid=(\d+)/.exec(subscriber ?? '')?.[1];
      expect(id).toBeDefined();
      await raw.client('KILL', 'ID', id!);
      await until(() => heard.length >= 1);
      expect(heard[0]).toEqual({ type: 'ads.changed', adIds: [] });
      await bus.publish({ type: 'ads.changed', adIds: ['ad-3'] });
      await until(() => heard.length >= 2);
      expect(heard[1]).toEqual({ type: 'ads.changed', adIds: ['ad-3'] });
    } finally {
      await raw.quit();
      await bus.close();
    }
  });

  it('close quits both connections', async () => {
    const bus = await RedisEventBus.connect({
      url: REDIS_URL,
      channel: freshChannel(),
      logger: recordingLogger().logger,
    });
    const raw = new Redis(REDIS_URL);
    try {
      expect(Number(((await raw.pubsub('NUMSUB', bus.channel)) as [string, number])[1])).toBe(1);
      await bus.close();
      expect(Number(((await raw.pubsub('NUMSUB', bus.channel)) as [string, number])[1])).toBe(0);
    } finally {
      await raw.quit();
    }
  });
});

describe.skipIf(!withRedis).each(databaseKinds)(
  'two API instances on one %s database, each with its own Redis bus',
  (kind) => {
    let pair: Awaited<ReturnType<typeof startInstancePair>>;
    let a: Instance;
    let b: Instance;
    beforeAll(async () => {
      pair = await startInstancePair(kind, busOptions(freshChannel()));
      ({ a, b } = pair);
    });
    afterAll(() => pair?.close());

    it('an ad edited through A reaches a screen streaming from B; a passcode reset through A ends it and B refuses its token at once', async () => {
      const db = pair.db;
      const company = await createCompany(db);
      const outlet = await createOutlet(db);
      const ad = await createAd(db, company.id, { title: 'Before' });
      const screen = await createScreen(db, outlet.id);
      const session = await connectScreen(b.app, screen);
      const list = () => b.app.inject({ url: '/api/screen-auth/ads', headers: bearer(session.access_token) });
      expect((await list()).statusCode).toBe(200);

      const stream = await fetch(`${b.origin}/api/screen-auth/events`, { headers: bearer(session.access_token) });
      expect(stream.status).toBe(200);
      const events = readEvents(stream.body!);
      try {
        await events.next('hello');
        const admin = bearer(await signInAs({ app: a.app, db }));
        const edit = await editAd(a.app, admin, ad.id, 'After');
        expect(edit.statusCode).toBe(200);
        expect(await events.next('ads-changed', 5000)).toEqual({ ad_ids: [ad.id], spread_ms: expect.any(Number) });
        // B's cached list was dropped by the event, so the edit shows at once rather than after the TTL.
        expect((await list()).json().data.find((row: { id: string }) => row.id === ad.id)).toMatchObject({
          title: 'After',
        });

        const reset = await resetPasscode(a.app, admin, screen.id);
        expect(reset.statusCode).toBe(200);
        expect(await events.next('session-ended', 5000)).toEqual({ reason: 'passcode-reset' });
        expect(await events.ended()).toBe(true);
        expect((await list()).statusCode).toBe(401);
      } finally {
        await events.cancel();
      }
    });
  },
);

const serverScript = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** apps/server's own entry point in a process of its own; resolves once it listens. */
async function spawnServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 20_000);
    lines.on('line', (line) => {
      output.push(line);
      const listening = /AdLoop is running on http:\/\/[^:]+:(\d+)/.exec(line);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('\n')}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// Several processes need PostgreSQL: embedded PGlite is one process by design (docs/design.md §1).
describe.skipIf(!process.env.TEST_DATABASE_URL || !withRedis)(
  'two server processes on one PostgreSQL and Redis',
  () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let mediaDir: string;
    let a: Instance;
    let b: Awaited<ReturnType<typeof spawnServer>>;
    beforeAll(async () => {
      const fresh = await openMigratedDatabase('postgres');
      ({ database, drop } = fresh);
      mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
      const jwtSecret = randomBytes(32).toString('hex');
      const channel = freshChannel();
      a = await startInstance(database, new TextEncoder().encode(jwtSecret), mediaDir, busOptions(channel));
      // A user exists, so process B skips the first-start seed.
      await createUser(database.db, { role: 'GLOBAL_ADMIN' });
      b = await spawnServer({
        DATABASE_URL: fresh.url!,
        REDIS_URL,
        REDIS_CHANNEL: channel,
        JWT_SECRET: jwtSecret,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: mediaDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        // As the in-process instances (TEST_ADMISSION): a busy test machine's loop lag is not this
        // server's own load, so its screen routes are not shed with 503 (CI saw the ad list shed).
        ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '60000',
      });
    });
    afterAll(async () => {
      await b?.stop();
      await a?.app.close();
      await database?.close();
      await drop?.();
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
    });

    it('a change through process A reaches an SSE client of process B, and a reset there ends its session', async () => {
      // pino writes asynchronously, so its start-up lines may trail the welcome box.
      await until(() => b.output.some((line) => line.includes('"bus":"redis"')));
      const db = database.db;
      const company = await createCompany(db);
      const ad = await createAd(db, company.id);
      const screen = await createScreen(db, (await createOutlet(db)).id);
      const signIn = await fetch(`${b.origin}/api/screen-auth/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ screen_code: screen.screenCode, pass_code: screen.passcode }),
      });
      expect(signIn.status).toBe(200);
      const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
      const list = () => fetch(`${b.origin}/api/screen-auth/ads`, { headers: bearer(token) });
      expect((await list()).status).toBe(200);

      const stream = await fetch(`${b.origin}/api/screen-auth/events`, { headers: bearer(token) });
      const events = readEvents(stream.body!);
      try {
        await events.next('hello');
        const admin = bearer(await signInAs({ app: a.app, db }));
        const edit = await editAd(a.app, admin, ad.id, 'Changed in A');
        expect(edit.statusCode).toBe(200);
        expect(await events.next('ads-changed', 5000)).toEqual({ ad_ids: [ad.id], spread_ms: expect.any(Number) });

        const reset = await resetPasscode(a.app, admin, screen.id);
        expect(reset.statusCode).toBe(200);
        expect(await events.next('session-ended', 5000)).toEqual({ reason: 'passcode-reset' });
        expect((await list()).status).toBe(401);
      } finally {
        await events.cancel();
      }
    });
  },
);
