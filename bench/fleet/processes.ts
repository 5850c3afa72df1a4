// FLEET_PROCESSES API processes on one database: with more than one, they share a Redis the fleet
// starts (and may stop) on a free port, each has its own PostgreSQL application_name, and with
// db-cut-one the last one reaches PostgreSQL through a proxy the fleet can cut (decision 099).
import { randomBytes } from 'node:crypto';
import { ownRedisServer, redisServerBinary } from '../../apps/server/test/helpers/redis-server.ts';
import { ApiProcess, type ExitRecord, freePort } from './api-process.ts';
import type { FleetConfig } from './config.ts';
import type { FleetDatabase } from './database.ts';
import { type DatabaseProxy, databaseProxy } from './db-proxy.ts';

export type FleetRedis = Awaited<ReturnType<typeof ownRedisServer>>;

export interface ApiProcesses {
  apis: ApiProcess[];
  redis: FleetRedis | undefined;
  /** In front of the last process's database connections, with db-cut-one. */
  proxy: DatabaseProxy | undefined;
  logFiles: string[];
}

/** Process 0 logs where a single-process run always has; the others beside it. */
const logFileOf = (logFile: string, index: number) =>
  index === 0 ? logFile : logFile.replace(/\.server\.log$/, `.server-${index}.log`);

/** Creates the processes (not started); `onUnexpectedExit` hears which one ended unasked. */
export async function createApiProcesses(
  config: FleetConfig,
  database: FleetDatabase,
  dataDir: string,
  logFile: string,
  clock: () => number,
  onUnexpectedExit: (index: number, record: ExitRecord) => void,
): Promise<ApiProcesses> {
  let redis: FleetRedis | undefined;
  if (config.processes > 1) {
    const binary = redisServerBinary();
    // The machine's Redis serves other tests: the fleet only ever stops one of its own.
    if (!binary) throw new Error('FLEET_PROCESSES > 1 needs redis-server on PATH (the fleet starts its own)');
    redis = await ownRedisServer(binary);
  }
  const proxy =
    config.faults.includes('db-cut-one') && database.target.kind === 'postgres'
      ? await databaseProxy(database.target.url)
      : undefined;
  const shared = {
    ...database.serverEnv,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...(redis ? { REDIS_URL: redis.url, REDIS_CHANNEL: `adloop-fleet:${randomBytes(4).toString('hex')}` } : {}),
  };
  const apis: ApiProcess[] = [];
  const logFiles: string[] = [];
  for (let index = 0; index < config.processes; index += 1) {
    const cutOff = proxy && index === config.processes - 1;
    const env: Record<string, string> = {
      ...shared,
      ...(cutOff ? { DATABASE_URL: proxy.url } : {}),
      // Tells the processes apart in pg_stat_activity; a single process keeps pg's default.
      ...(config.processes > 1 ? { PGAPPNAME: `adloop-fleet-api-${index}` } : {}),
    };
    const file = logFileOf(logFile, index);
    logFiles.push(file);
    apis.push(new ApiProcess(await freePort(), env, file, clock, (record) => onUnexpectedExit(index, record)));
  }
  return { apis, redis, proxy, logFiles };
}
