// The faults the fleet can inject while it runs: kill -9 of the API, a PostgreSQL outage, SSE churn.
import type { ApiProcess, ProcessSample } from './api-process.ts';
import type { FleetDatabase } from './database.ts';
import type { HttpClient } from './http.ts';
import type { Metrics, Window } from './metrics.ts';
import type { HealthProbe } from './staff.ts';

/** After a fault has passed, its backlog still drains through the retries for this long. */
const SETTLE_MS = 30_000;
const INGEST_ROUTE = 'POST /api/playback-logs/log';

export interface FaultContext {
  api: ApiProcess;
  database: FleetDatabase;
  http: HttpClient;
  metrics: Metrics;
  probe: HealthProbe;
  /** When the timed load began (ms since the run began): faults say when they struck from it. */
  loadFrom: number;
}

export interface FaultResult {
  fault: string;
  /** Requests started within it are left out of the "outside faults" figures. */
  window: Window;
  [detail: string]: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** kill -9 while batches are in flight, then start the same server on the same database and port. */
export async function killApi({ api, metrics, probe, loadFrom }: FaultContext): Promise<FaultResult> {
  const deadline = performance.now() + 10_000;
  while (metrics.inFlight(INGEST_ROUTE) === 0 && performance.now() < deadline) await sleep(5);
  const batchesInFlight = metrics.inFlight(INGEST_ROUTE);
  const killedAt = metrics.now();
  const exitsBefore = api.exits.length;
  await api.kill9();
  const restartSeconds = await api.start();
  const healthyAt = (await probe.healthySince(killedAt)) ?? metrics.now();
  return {
    fault: 'kill',
    window: { from: killedAt, to: healthyAt + SETTLE_MS },
    atSecondOfLoad: seconds(killedAt - loadFrom),
    batchesInFlightAtKill: batchesInFlight,
    restartSeconds: Math.round(restartSeconds * 10) / 10,
    downSeconds: seconds(healthyAt - killedAt),
    otherExits: api.exits.length - exitsBefore - 1,
  };
}

/** PostgreSQL stopped (fast shutdown: every connection cut) for `outageMs`, then started again. */
export async function databaseOutage(
  { api, database, metrics, probe, loadFrom }: FaultContext,
  outageMs: number,
): Promise<FaultResult> {
  if (!database.stopServer || !database.startServer) throw new Error('this database cannot be stopped by the fleet');
  const pid = api.pid;
  const exitsBefore = api.exits.length;
  const stoppedAt = metrics.now();
  await database.stopServer();
  await sleep(Math.max(0, outageMs - (metrics.now() - stoppedAt)));
  const restartedAt = metrics.now();
  await database.startServer();
  const backAt = metrics.now();
  const healthyAt = await probe.healthySince(backAt);
  return {
    fault: 'db-outage',
    window: { from: stoppedAt, to: (healthyAt ?? backAt) + SETTLE_MS },
    atSecondOfLoad: seconds(stoppedAt - loadFrom),
    outageSeconds: seconds(backAt - stoppedAt),
    apiProcessSurvived: api.exits.length === exitsBefore && api.pid === pid,
    apiHealthyAfterDatabaseBackSeconds: healthyAt === undefined ? null : seconds(healthyAt - backAt),
    duringOutage: metrics.during({ from: stoppedAt, to: restartedAt }),
  };
}

/**
 * Opens and closes `count` event streams (50 at a time, the fleet's own tokens) and reads the
 * server's RSS and open descriptors before, halfway and after: a leak of streams, listeners or
 * sockets grows them from the half to the end.
 */
export async function sseChurn({ api, http, metrics }: FaultContext, tokens: string[], count: number) {
  const settle = async (): Promise<ProcessSample | undefined> => {
    await sleep(3_000);
    return api.sample();
  };
  const outcomes: Record<string, number> = {};
  const churn = async (streams: number) => {
    let opened = 0;
    const worker = async () => {
      while (opened < streams) {
        opened += 1;
        const token = tokens[opened % tokens.length]!;
        const stream = await http.openStream(
          'GET /api/screen-auth/events (churn)',
          token,
          () => {},
          () => {},
        );
        const outcome = stream.ok ? '200' : stream.outcome;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (stream.ok) stream.close();
      }
    };
    await Promise.all(Array.from({ length: 50 }, worker));
  };
  const startedAt = metrics.now();
  const before = await settle();
  await churn(Math.floor(count / 2));
  const half = await settle();
  await churn(count - Math.floor(count / 2));
  const after = await settle();
  return {
    fault: 'sse-churn',
    window: { from: startedAt, to: metrics.now() },
    streams: count,
    outcomes,
    server: { before, half, after },
    rssGrowthSecondHalfMiB: half && after ? Math.round((after.rssMiB - half.rssMiB) * 10) / 10 : null,
    fdGrowth: before && after ? after.fds - before.fds : null,
  } satisfies FaultResult;
}
