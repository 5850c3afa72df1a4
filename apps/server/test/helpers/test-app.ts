import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { type Database, type DatabaseHandle, type DatabaseKind, openDatabase } from '../../src/db/client.ts';

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

/** A fresh database of its own (in-memory PGlite, or a new PostgreSQL database and its URL), not yet migrated. */
export async function openFreshDatabase(
  kind: DatabaseKind,
): Promise<{ database: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `adloop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * In-memory PGlite runs each test's queries on the test's own event loop, on a busy machine: that
 * lag is no overload of the server, so only the admission tests judge the loop's delay (they set it).
 */
export const TEST_ADMISSION = { maxEventLoopDelayMs: Number.POSITIVE_INFINITY };

export async function createTestApp(
  kind: DatabaseKind,
  options: { webDistDir?: string; uploadLimits?: AppOptions['uploadLimits']; admission?: AppOptions['admission'] } = {},
): Promise<TestApp> {
  const { database, drop } = await openFreshDatabase(kind);
  await database.migrate();
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
  const jwtSecret = randomBytes(32);
  const app = await buildApp({
    database,
    jwtSecret,
    mediaDir,
    webDistDir: options.webDistDir,
    uploadLimits: options.uploadLimits,
    admission: { ...TEST_ADMISSION, ...options.admission },
  });
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
