// Faults between API processes (decision 099): Redis stopped under both, one process's database
// connections cut while the other keeps its own, and kill -9 of one process while the other serves.
import type { ApiProcess } from './api-process.ts';
import type { DatabaseProxy } from './db-proxy.ts';
import type { FaultResult } from './faults.ts';
import type { HttpClient, ProcessTally } from './http.ts';
import type { EditTracker, Ledger } from './ledger.ts';
import type { Metrics } from './metrics.ts';
import type { FleetRedis } from './processes.ts';
import type { SimulatedScreen } from './screen.ts';
import type { HealthProbe, StaffEditor } from './staff.ts';

/** After a fault has passed, its backlog still drains through the retries for this long. */
const SETTLE_MS = 30_000;

export interface BetweenContext {
  apis: ApiProcess[];
  probes: HealthProbe[];
  http: HttpClient;
  metrics: Metrics;
  ledger: Ledger;
  edits: EditTracker;
  editor: StaffEditor;
  screens: SimulatedScreen[];
  redis: FleetRedis | undefined;
  proxy: DatabaseProxy | undefined;
  loadFrom: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Polls `check` every 200 ms; the ms since the run began when it first held, or undefined past the timeout. */
async function when(metrics: Metrics, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return metrics.now();
    await sleep(200);
  }
  return undefined;
}

/** Whether the process's health check says its event bus is connected (undefined: no answer). */
async function busConnected(api: ApiProcess): Promise<boolean | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${api.port}/api/health`, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as { data?: { bus?: { connected?: boolean } } };
    return body.data?.bus?.connected;
  } catch {
    return undefined;
  }
}

/** What each process answered between two snapshots of the tallies. */
function tallyDelta(before: ProcessTally[], after: ProcessTally[]) {
  return after.map((tally, index) => {
    const outcomes: Record<string, number> = {};
    for (const [outcome, count] of Object.entries(tally.outcomes)) {
      const delta = count - (before[index]?.outcomes[outcome] ?? 0);
      if (delta > 0) outcomes[outcome] = delta;
    }
    return { requests: tally.requests - (before[index]?.requests ?? 0), outcomes };
  });
}

const snapshot = (http: HttpClient): ProcessTally[] =>
  http.byProcess.map((tally) => ({ requests: tally.requests, outcomes: { ...tally.outcomes } }));

/** Screens talking to each process now. */
const screensPerProcess = (context: BetweenContext) =>
  context.apis.map((_, index) => context.screens.filter((screen) => screen.via === index).length);

/**
 * The fleet's Redis killed (-9) for `outageMs` and started again on its port. During it an edit is
 * made through every process; the result says whether both processes lived, how soon health saw
 * the bus go and come back, and how soon every screen had the edits made while it was away.
 */
export async function redisOutage(context: BetweenContext, outageMs: number): Promise<FaultResult> {
  const { apis, metrics, redis, edits, editor, ledger, screens } = context;
  if (!redis) throw new Error('redis-outage needs the fleet’s own Redis (FLEET_PROCESSES > 1)');
  const pids = apis.map((api) => api.pid);
  const exitsBefore = apis.map((api) => api.exits.length);
  const noticesBefore = ledger.reloadNotices;
  const before = snapshot(context.http);
  const stoppedAt = metrics.now();
  await redis.kill();
  const goneSeen = await Promise.all(
    apis.map((api) => when(metrics, async () => (await busConnected(api)) === false, 15_000)),
  );
  const editsBefore = edits.lastNumber;
  for (const [index] of apis.entries()) await editor.editNow(index);
  await sleep(Math.max(0, outageMs - (metrics.now() - stoppedAt)));
  const lastOutageEdit = edits.lastNumber;
  const restartedAt = metrics.now();
  await redis.start();
  const backSeen = await Promise.all(
    apis.map((api) => when(metrics, async () => (await busConnected(api)) === true, 30_000)),
  );
  const caughtUpAt = await when(metrics, () => screens.every((screen) => screen.seen >= lastOutageEdit), 60_000);
  return {
    fault: 'redis-outage',
    window: { from: stoppedAt, to: (caughtUpAt ?? metrics.now()) + SETTLE_MS },
    atSecondOfLoad: seconds(stoppedAt - context.loadFrom),
    outageSeconds: seconds(restartedAt - stoppedAt),
    processesSurvived: apis.every((api, index) => api.exits.length === exitsBefore[index] && api.pid === pids[index]),
    healthSawBusGoneAfterSeconds: goneSeen.map((at) => (at === undefined ? null : seconds(at - stoppedAt))),
    healthSawBusBackAfterSeconds: backSeen.map((at) => (at === undefined ? null : seconds(at - restartedAt))),
    editsDuringOutage: lastOutageEdit - editsBefore,
    reloadNoticesToScreens: ledger.reloadNotices - noticesBefore,
    everyScreenHadTheOutageEditsSecondsAfterRedisBack:
      caughtUpAt === undefined ? null : seconds(caughtUpAt - restartedAt),
    screensWithoutTheOutageEdits: screens.filter((screen) => screen.seen < lastOutageEdit).length,
    answersByProcessDuringOutage: tallyDelta(before, snapshot(context.http)),
  };
}

/**
 * The last process's database connections cut at the proxy for `outageMs` (and new ones dropped)
 * while the other's stay: its screens get 503 with Retry-After and move to the other process.
 */
export async function databaseCutOne(context: BetweenContext, outageMs: number): Promise<FaultResult> {
  const { apis, metrics, proxy, ledger } = context;
  if (!proxy) throw new Error('db-cut-one needs the database proxy (FLEET_DB=postgres)');
  const cutIndex = apis.length - 1;
  const api = apis[cutIndex]!;
  const pid = api.pid;
  const exitsBefore = api.exits.length;
  const before = snapshot(context.http);
  const screensBefore = screensPerProcess(context);
  const cutAt = metrics.now();
  proxy.cut();
  await sleep(outageMs);
  proxy.restore();
  const backAt = metrics.now();
  const answers = tallyDelta(before, snapshot(context.http));
  const healthyAt = await context.probes[cutIndex]!.healthySince(backAt);
  const unavailable = ledger.unavailable.filter((entry) => entry.t >= cutAt && entry.t < backAt);
  return {
    fault: 'db-cut-one',
    window: { from: cutAt, to: (healthyAt ?? backAt) + SETTLE_MS },
    atSecondOfLoad: seconds(cutAt - context.loadFrom),
    cutProcess: cutIndex,
    outageSeconds: seconds(backAt - cutAt),
    processSurvived: api.exits.length === exitsBefore && api.pid === pid,
    healthyAfterDatabaseBackSeconds: healthyAt === undefined ? null : seconds(healthyAt - backAt),
    screens503FromCutProcess: unavailable.filter((entry) => entry.process === cutIndex).length,
    screens503WithRetryAfter: unavailable.filter((entry) => entry.process === cutIndex && entry.retryAfter).length,
    screens503FromOtherProcesses: unavailable.filter((entry) => entry.process !== cutIndex).length,
    screensMovedAway: ledger.moves.filter((move) => move.t >= cutAt && move.t < backAt && move.from === cutIndex)
      .length,
    screensPerProcessBefore: screensBefore,
    screensPerProcessAfter: screensPerProcess(context),
    answersByProcessDuringCut: answers,
  };
}

/** kill -9 of the last process while the others serve; it is started again at once on its port. */
export async function killOne(context: BetweenContext): Promise<FaultResult> {
  const { apis, metrics, ledger } = context;
  const index = apis.length - 1;
  const api = apis[index]!;
  const before = snapshot(context.http);
  const screensBefore = screensPerProcess(context);
  const killedAt = metrics.now();
  await api.kill9();
  const restartSeconds = await api.start();
  const healthyAt = (await context.probes[index]!.healthySince(killedAt)) ?? metrics.now();
  const answers = tallyDelta(before, snapshot(context.http));
  return {
    fault: 'kill-one',
    window: { from: killedAt, to: healthyAt + SETTLE_MS },
    atSecondOfLoad: seconds(killedAt - context.loadFrom),
    killedProcess: index,
    restartSeconds: Math.round(restartSeconds * 10) / 10,
    downSeconds: seconds(healthyAt - killedAt),
    screensMovedAway: ledger.moves.filter((move) => move.t >= killedAt && move.t < healthyAt && move.from === index)
      .length,
    screensPerProcessBefore: screensBefore,
    screensPerProcessAfter: screensPerProcess(context),
    answersByProcessWhileDown: answers,
  };
}
