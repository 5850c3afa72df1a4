// The whole app (API and built web app) on PostgreSQL with the demo seeded, for the Lighthouse bench.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedOnFirstStart } from '../../apps/server/src/seed/seed.ts';
import { listenForBench } from './listen.ts';

const url = process.env.DATABASE_URL;
const webDistDir = process.env.WEB_DIST_DIR;
if (!url || !webDistDir) throw new Error('DATABASE_URL and WEB_DIST_DIR are required');
const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
await database.migrate();
const mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-bench-media-'));
await seedOnFirstStart(database.db, {
  adminEmail: process.env.ADMIN_EMAIL ?? 'admin@bench.adloop.test',
  adminPassword: process.env.ADMIN_PASSWORD,
  seedDemo: true,
  demoScreenPasscode: process.env.DEMO_SCREEN_PASSCODE,
  mediaDir,
});
const app = await buildApp({
  database,
  jwtSecret: new TextEncoder().encode(process.env.JWT_SECRET ?? ''),
  mediaDir,
  webDistDir,
});
await listenForBench(app, () => database.close());
