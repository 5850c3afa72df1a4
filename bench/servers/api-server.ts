// The AdLoop API on PostgreSQL, alone in its process, for load tests; REDIS_URL fans changes out to its peers.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { RedisEventBus } from '../../apps/server/src/lib/redis-event-bus.ts';
import { TtlCache } from '../../apps/server/src/lib/ttl-cache.ts';
import { listenForBench } from './listen.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 });
const bus = process.env.REDIS_URL
  ? await RedisEventBus.connect({
      url: process.env.REDIS_URL,
      channel: process.env.REDIS_CHANNEL,
      logger: pino({ level: 'warn' }, pino.destination(2)),
    })
  : undefined;
const app = await buildApp({
  database,
  bus,
  jwtSecret: new TextEncoder().encode(process.env.JWT_SECRET ?? ''),
  mediaDir: await mkdtemp(path.join(tmpdir(), 'adloop-bench-media-')),
});
// BENCH_AD_LIST_CACHE=off: every ad-list request misses the per-screen list cache, so the load
// measures the SQL targeting path (tokens stay cached, as they do for a polling screen).
if (process.env.BENCH_AD_LIST_CACHE === 'off') app.screenCache.adLists = new TtlCache(0);
await listenForBench(app, () => database.close());
