// `npm run fleet`: N simulated screens against the real AdLoop server on its own database, with
// optional faults and campaigns; counts requests, errors, latency, plays acknowledged vs stored,
// server RSS and each line item's delivery, and writes bench/results/fleet-<timestamp>.json plus a
// summary (README "Fleet").
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { root } from '../lib.ts';
import type { ApiProcess, ExitRecord } from './api-process.ts';
import { acceptanceOf, campaignReport, readDelivery, storedDelivery } from './campaign-delivery.ts';
import { type BookedLineItem, bookCampaigns } from './campaigns.ts';
import { readConfig } from './config.ts';
import { type FleetDatabase, pgliteIn, sharedPostgres, throwawayCluster } from './database.ts';
import { databaseOutage, type FaultContext, type FaultResult, killApi, sseChurn } from './faults.ts';
import { type BetweenContext, databaseCutOne, killOne, redisOutage } from './faults-between.ts';
import { HttpClient } from './http.ts';
import { EditTracker, Ledger } from './ledger.ts';
import { Metrics } from './metrics.ts';
import { createApiProcesses } from './processes.ts';
import { perProcessReport, printSummary, serverLogFindings } from './report.ts';
import { SimulatedScreen } from './screen.ts';
import { seedFleet } from './seed.ts';
import { HealthProbe, StaffEditor } from './staff.ts';
import { verifyExactlyOnce } from './verify.ts';

const config = readConfig(process.argv.slice(2), process.env);
const started = new Date();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fleet holds a stream per screen and at most `connections` pooled sockets to each process;
 * each server (which inherits the limit) holds its share of those. Pooled sockets are shared by
 * every screen, so they count once per process, not once per screen.
 */
function checkFileLimit() {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const soft = /Max open files\s+(\S+)/.exec(limits)?.[1] ?? 'unlimited';
  const needed = config.screens + config.connections * config.processes + 1_000;
  if (soft !== 'unlimited' && Number(soft) < needed) {
    throw new Error(
      `${config.screens} screens need about ${needed} open files; the limit is ${soft}. Run \`ulimit -n ${needed}\` first.`,
    );
  }
}

/**
 * How far back each screen's history starts: enough finished plays (10–100 a turn, 10.3 s on
 * average) for every turn of the run, and well inside the server's 7-day reporting window.
 */
function historyMs(): number {
  const turns = (config.seconds + config.drainS) / (config.batchIntervalS * 0.8) + 2;
  return Math.min(turns * 100 * 10_300 * 1.3 + 3_600_000, 6 * 86_400_000);
}

/** Runs `work` with at most `limit` in flight: screens sign in a few at a time (each is an argon2 hash). */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => console.error(error));
}
/** A step that fails stops the run, but not before the server is stopped and the database removed. */
const orCleanUp = <T>(step: Promise<T>): Promise<T> =>
  step.catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and removing the fleet's database…`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// A fault in the fleet's own code must not leave servers and a Redis running on a shared machine.
process.once('uncaughtException', (error) => {
  console.error(error);
  console.error('The fleet failed: stopping the servers and removing the fleet’s database…');
  void cleanUp().finally(() => process.exit(1));
});
// Bounded: whatever happens, the run ends (and cleans up) ten minutes after it should have.
const watchdog = setTimeout(
  () => {
    console.error('The fleet ran ten minutes over its time; stopping.');
    void cleanUp().finally(() => process.exit(2));
  },
  (config.seconds + config.drainS + 600) * 1000 + config.screens * 200,
);
watchdog.unref();

checkFileLimit();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloop-fleet-'));
cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
const stamp = started.toISOString().replace(/[:.]/g, '-');
const logFile = path.join(os.tmpdir(), `adloop-fleet-${stamp}.server.log`);

const database: FleetDatabase =
  config.db === 'pglite'
    ? pgliteIn(dataDir)
    : config.faults.includes('db-outage')
      ? await throwawayCluster()
      : await sharedPostgres(config.adminUrl);
cleanups.push(() => database.remove());
console.log(`Seeding ${config.screens} screens (${database.describe})…`);
const fixture = await orCleanUp(seedFleet(database, config.screens, historyMs(), config.campaigns));

const metrics = new Metrics();
let finishing = false;
const unexpectedExits: (ExitRecord & { process: number })[] = [];
const fleet = await orCleanUp(
  createApiProcesses(config, database, dataDir, logFile, metrics.now.bind(metrics), (index, record) => {
    unexpectedExits.push({ ...record, process: index });
    // A supervisor would start it again; so does the fleet, so the run can count what was lost.
    const restart = async () => {
      while (!finishing && !apis[index]!.pid) {
        await apis[index]!.start().catch(() => sleep(2_000));
      }
    };
    if (!finishing) void restart();
  }),
);
const apis = fleet.apis;
const api: ApiProcess = apis[0]!;
if (fleet.redis) cleanups.push(() => fleet.redis!.kill());
if (fleet.proxy) cleanups.push(() => fleet.proxy!.close());
for (const each of apis) cleanups.push(() => each.stop());
const startSeconds = Math.max(...(await orCleanUp(Promise.all(apis.map((each) => each.start())))));
for (const each of apis) each.startSampling(2_000);
for (const [index, each] of apis.entries()) {
  console.log(
    `Server ${index} up on 127.0.0.1:${each.port} (pid ${each.pid}); log: ${fleet.logFiles[index]}` +
      (index === 0 ? ` — started in ${startSeconds.toFixed(1)} s` : ''),
  );
}
if (fleet.redis) console.log(`Event bus: the fleet's own Redis on ${fleet.redis.url}`);

const http = new HttpClient(
  apis.map((each) => each.port),
  metrics,
  config.connections,
);
const ledger = new Ledger();
const edits = new EditTracker();
const probes = apis.map((_, index) => new HealthProbe(http, metrics, index));
const probe = probes[0]!;
for (const each of probes) each.start();
const signInSlot = limiter(4);
const campaignAdIds = new Set(fixture.campaigns.map((campaign) => campaign.creativeId));
let booked: BookedLineItem[] = [];
if (fixture.campaigns.length > 0) {
  const bookingFrom = performance.now();
  // The load ends after the ramp (some 20 sign-ins a second on a busy machine) and its seconds.
  const endsAt = Date.now() + (5 + config.screens / 20 + config.seconds) * 1000;
  booked = await orCleanUp(bookCampaigns(http, fixture.campaigns, config.seconds, endsAt));
  console.log(
    `Booked ${booked.length} campaigns through the API in ${((performance.now() - bookingFrom) / 1000).toFixed(1)} s (goals ${booked.map((line) => line.goal).join(', ')})`,
  );
}
const screens = fixture.screens.map(
  (seeded, index) =>
    new SimulatedScreen(
      seeded,
      {
        http,
        metrics,
        ledger,
        edits,
        editedAdId: fixture.editedAdId,
        batchIntervalMs: config.batchIntervalS * 1000,
        pollIntervalMs: config.pollIntervalS * 1000,
        heartbeatIntervalMs: config.heartbeatIntervalS * 1000,
        campaignAdIds,
        signInSlot,
        processes: config.processes,
      },
      fixture.historyStartMs,
      // Screens are split evenly between the processes, as a balancer spreads them (decision 099).
      index % config.processes,
    ),
);
let clientQueuePeak = 0;
// The fleet's own memory, to size a 10,000-screen run from (README "Fleet").
let clientRssPeak = 0;
const silence = setInterval(() => {
  const now = performance.now();
  for (const screen of screens) screen.checkSilence(now);
}, 5_000);
const queueWatch = setInterval(() => {
  clientQueuePeak = Math.max(clientQueuePeak, http.queued());
  clientRssPeak = Math.max(clientRssPeak, process.memoryUsage.rss());
}, 500);

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
const rampFrom = metrics.now();
await Promise.all(screens.map((screen) => screen.start()));
const rampSeconds = (metrics.now() - rampFrom) / 1000;
console.log(
  `${config.screens} screens signed in with streams open in ${rampSeconds.toFixed(1)} s; running ${config.seconds} s…`,
);

const loadFrom = metrics.now();
const cpuFrom = process.cpuUsage();
const editor = new StaffEditor(http, metrics, edits, fixture.editedAdId, config.processes);
editor.start(config.editIntervalS * 1000);
const faultContext: FaultContext = { api, database, http, metrics, probe, loadFrom };
const faults: FaultResult[] = [];
const scheduled: Promise<void>[] = [];
const at = (share: number, inject: () => Promise<FaultResult>) =>
  scheduled.push(
    sleep(config.seconds * 1000 * share).then(async () => {
      console.log(`Fault at ${Math.round((metrics.now() - loadFrom) / 1000)} s of the load…`);
      faults.push(await inject());
    }),
  );
if (config.faults.includes('kill')) at(0.3, () => killApi(faultContext));
if (config.faults.includes('db-outage')) at(0.55, () => databaseOutage(faultContext, config.outageS * 1000));
const between: BetweenContext = {
  apis,
  probes,
  http,
  metrics,
  ledger,
  edits,
  editor,
  screens,
  redis: fleet.redis,
  proxy: fleet.proxy,
  loadFrom,
};
// Several asked for run one after another: each starts at its time or when the one before has ended.
let betweenFaults: Promise<unknown> = Promise.resolve();
const inTurn = (inject: () => Promise<FaultResult>) => () => {
  const result = betweenFaults.then(inject);
  betweenFaults = result;
  return result;
};
if (config.faults.includes('redis-outage'))
  at(
    0.15,
    inTurn(() => redisOutage(between, config.outageS * 1000)),
  );
if (config.faults.includes('db-cut-one'))
  at(
    0.45,
    inTurn(() => databaseCutOne(between, config.outageS * 1000)),
  );
if (config.faults.includes('kill-one'))
  at(
    0.75,
    inTurn(() => killOne(between)),
  );
await sleep(config.seconds * 1000);
await Promise.all(scheduled);
await editor.stop();
const loadSeconds = (metrics.now() - loadFrom) / 1000;

// No new plays; the queues drain through the same sender (and its backoff) for up to FLEET_DRAIN_S.
for (const screen of screens) screen.producing = false;
const drainFrom = metrics.now();
// At least 5 s, so the last edit reaches the screens' lists (300 ms debounce, then a fetch).
while (
  metrics.now() - drainFrom < Math.max(5_000, config.drainS * 1000) &&
  (metrics.now() - drainFrom < 5_000 || !screens.every((screen) => screen.idle))
) {
  await sleep(250);
}
const drainSeconds = (metrics.now() - drainFrom) / 1000;
const cpu = process.cpuUsage(cpuFrom);
loopDelay.disable();

if (config.faults.includes('sse-churn')) {
  console.log(`Opening and closing ${config.churnStreams} event streams…`);
  const tokens = screens.map((screen) => screen.token).filter((token): token is string => Boolean(token));
  faults.push(await sseChurn(faultContext, tokens, config.churnStreams));
}

// What the line items delivered, read while the server still runs (every play it will store is in).
const delivery = await readDelivery(http, booked);

const unacknowledged = screens.flatMap((screen) =>
  screen.queue.map((play) => ({ id: play.entry.id, sent: play.sent })),
);
finishing = true;
clearInterval(silence);
clearInterval(queueWatch);
for (const each of probes) each.stop();
for (const screen of screens) screen.close();
const serverSamples = api.samples;
await Promise.all(apis.map((each) => each.stop()));
console.log('Counting plays in the database…');
const exactlyOnce = await verifyExactlyOnce(database, ledger, unacknowledged);
const stored = booked.length > 0 ? await storedDelivery(database) : undefined;
await cleanUp();

// Steady figures leave out the ramp (every screen signing in at once) and each fault with its settling.
const windows = [{ from: 0, to: loadFrom }, ...faults.map((fault) => fault.window)];
const httpReport = metrics.report(windows);
const campaigns =
  booked.length > 0
    ? campaignReport(
        booked,
        delivery,
        stored,
        ledger.campaignRefusedByReason,
        ledger.campaignRefusals,
        ledger.campaignPlaysMade,
        exactlyOnce.exactlyOnce,
      )
    : null;
const acceptance = acceptanceOf(httpReport.routes, booked.length, campaigns);
const report = {
  startedAt: started.toISOString(),
  config: { ...config, adminUrl: undefined },
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  database: database.describe,
  timing: {
    serverStartSeconds: Math.round(startSeconds * 10) / 10,
    rampSeconds: Math.round(rampSeconds * 10) / 10,
    loadSeconds: Math.round(loadSeconds * 10) / 10,
    drainSeconds: Math.round(drainSeconds * 10) / 10,
    historyHours: Math.round(((Date.now() - fixture.historyStartMs) / 3_600_000) * 10) / 10,
    servedListsSeeded: fixture.servedListsSeeded,
  },
  acceptance,
  http: httpReport,
  errorMessages: metrics.errorMessages(),
  plays: {
    generated: ledger.generated,
    acknowledged: ledger.acknowledged.size,
    acknowledgedAsDuplicate: ledger.acknowledgedAsDuplicate,
    playsPerSecond: Math.round(ledger.acknowledged.size / (loadSeconds + drainSeconds)),
    batchesAcknowledged: ledger.batchesAcknowledged,
    batchesPartlyAnswered: ledger.batchesPartlyAnswered,
    refused: ledger.refusedIds.size,
    refusedByReason: Object.fromEntries(ledger.refusedByReason),
    droppedByStatus: Object.fromEntries(ledger.dropped),
  },
  exactlyOnce,
  edits: edits.report(screens),
  health: probe.report(),
  processes: await perProcessReport(apis, fleet.logFiles, http, screens, ledger, probes),
  screens: {
    listMismatches: ledger.listMismatches,
    streamDrops: ledger.streamDrops,
    reauthentications: ledger.reauthentications,
    movedToAnotherProcess: ledger.moves.length,
    returnedHome: ledger.returnsHome,
  },
  campaigns,
  faults,
  server: {
    unexpectedExits,
    exits: api.exits,
    samples: serverSamples,
    log: await serverLogFindings(logFile),
  },
  client: {
    cpuPctOfOneCore: Math.round(((cpu.user + cpu.system) / 1000 / ((loadSeconds + drainSeconds) * 1000)) * 100),
    eventLoopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e4) / 100,
    eventLoopDelayMaxMs: Math.round(loopDelay.max / 1e4) / 100,
    requestsWaitingForASocketPeak: clientQueuePeak,
    rssMiBPeak: Math.round(clientRssPeak / 2 ** 20),
  },
};
export type FleetReport = typeof report;
const dir = path.join(root, 'bench', 'results');
await mkdir(dir, { recursive: true });
const file = path.join(dir, `fleet-${stamp}.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
printSummary(report);
console.log(`\nwritten to ${path.relative(root, file)}; server log ${logFile}`);
if (!exactlyOnce.exactlyOnce || unexpectedExits.length > 0 || campaigns?.pass === false) process.exitCode = 1;
