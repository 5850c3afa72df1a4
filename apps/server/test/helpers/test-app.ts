import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app.ts';
import {
  type Database,
  type DatabaseHandle,
  type DatabaseKind,
  openDatabase,
  pgliteHandle,
} from '../../src/db/client.ts';
import { createPostgresDatabase, dropPostgresDatabase, postgresUrl } from './postgres-databases.ts';
import { validateResponses } from './response-validation.ts';

/** Every API test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL names one. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  jwtSecret: Uint8Array;
  mediaDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database of its own with every migration applied (in-memory PGlite, or a new PostgreSQL
 * database and its URL): a copy of the run's migrated template, made once by global-setup.ts.
 */
export async function openMigratedDatabase(
  kind: DatabaseKind,
): Promise<{ database: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const client = new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) });
    await client.waitReady;
    return { database: pgliteHandle(client), drop: async () => {} };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is not set');
  const name = await createPostgresDatabase('adloop_test', template);
  const url = postgresUrl(name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return { database, url, drop: () => dropPostgresDatabase(name) };
}

/**
 * In-memory PGlite runs each test's queries on the test's own event loop, on a busy machine: that
 * lag is no overload of the server, so only the admission tests judge the loop's delay (they set it).
 */
export const TEST_ADMISSION = { maxEventLoopDelayMs: Number.POSITIVE_INFINITY };

/**
 * Several app instances on one fresh PostgreSQL database, as several server processes are: each with
 * a pool of its own and one JWT secret and media folder. `db` is a further pool, for the test's rows.
 */
export async function createSharedApps(count: number, poolSize = 5) {
  const fresh = await openMigratedDatabase('postgres');
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
  const jwtSecret = randomBytes(32);
  const apps: FastifyInstance[] = [];
  const closers: Array<() => Promise<void>> = [];
  for (let n = 0; n < count; n += 1) {
    const database = await openDatabase({ kind: 'postgres', url: fresh.url!, poolSize });
    const app = await buildApp({ database, jwtSecret, mediaDir, admission: TEST_ADMISSION });
    validateResponses(app);
    await app.ready();
    apps.push(app);
    closers.push(async () => {
      await app.close();
      await database.close();
    });
  }
  return {
    apps,
    db: fresh.database.db,
    close: async () => {
      for (const close of closers) await close();
      await fresh.database.close();
      await fresh.drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

export type SharedApps = Awaited<ReturnType<typeof createSharedApps>>;

export async function createTestApp(
  kind: DatabaseKind,
  options: Pick<
    AppOptions,
    'webDistDir' | 'uploadLimits' | 'admission' | 'webhookTargets' | 'invitations' | 'playStorage'
  > = {},
): Promise<TestApp> {
  const { database, drop } = await openMigratedDatabase(kind);
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
  const jwtSecret = randomBytes(32);
  const app = await buildApp({
    database,
    jwtSecret,
    mediaDir,
    webDistDir: options.webDistDir,
    uploadLimits: options.uploadLimits,
    admission: { ...TEST_ADMISSION, ...options.admission },
    webhookTargets: options.webhookTargets,
    invitations: options.invitations,
    playStorage: options.playStorage,
  });
  // Every answer is held to the OpenAPI document; api-setup.ts fails the test of a mismatch (decision 094).
  validateResponses(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    jwtSecret,
    mediaDir,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * The describe block's app, built before its tests and closed after them (after the block's own
 * afterAll hooks, which run in reverse order). Its fields are there from the block's first hook on.
 */
export function useTestApp(kind: DatabaseKind, options?: Parameters<typeof createTestApp>[1]): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(kind, options));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}
