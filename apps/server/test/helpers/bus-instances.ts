import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle, DatabaseKind } from '../../src/db/client.ts';
import { type BusLogger, RedisEventBus } from '../../src/lib/redis-event-bus.ts';
import { listenLocally } from './event-stream.ts';
import { validateResponses } from './response-validation.ts';
import { openMigratedDatabase, TEST_ADMISSION } from './test-app.ts';

export interface BusOptions {
  url: string;
  channel: string;
  logger: BusLogger;
}

export interface Instance {
  app: FastifyInstance;
  origin: string;
}

/** An app on the database whose events go through Redis on the channel, listening on a local port. */
export async function startInstance(
  database: DatabaseHandle,
  jwtSecret: Uint8Array,
  mediaDir: string,
  options: BusOptions,
): Promise<Instance> {
  const bus = await RedisEventBus.connect(options);
  const app = await buildApp({ database, jwtSecret, mediaDir, bus, admission: TEST_ADMISSION });
  validateResponses(app);
  return { app, origin: await listenLocally(app) };
}

/** Two such apps on one fresh database of the kind, on one channel, as two server processes are. */
export async function startInstancePair(kind: DatabaseKind, options: BusOptions) {
  const { database, drop } = await openMigratedDatabase(kind);
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
  const jwtSecret = randomBytes(32);
  const a = await startInstance(database, jwtSecret, mediaDir, options);
  const b = await startInstance(database, jwtSecret, mediaDir, options);
  return {
    a,
    b,
    db: database.db,
    close: async () => {
      await a.app.close();
      await b.app.close();
      await database.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
