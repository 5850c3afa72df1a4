// Ingestion on the embedded database before and after decision 045 (fsync on): the same seeded
// PGlite copied for every run, runs alternating fsync off / on so the machine's drift falls on both,
// and screens posting honest batches of plays (as the player does) as fast as they are answered.
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pgliteIn } from './fleet/database.ts';
import { PASSCODE, seedFleet } from './fleet/seed.ts';
import { startServer } from './lib.ts';

const SCREENS = 20;
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARM_UP_MS = 2_000;
/** Room for every run's plays, one after another, well inside the server's 7-day window. */
const HISTORY_MS = 24 * 3_600_000;
/** A video's length is not in the list; the player's simulated one runs this long (as the fleet's). */
const VIDEO_MS = 20_000;
/** The seeded outlets are in Asia/Kolkata: UTC+05:30 all year. */
const OUTLET_OFFSET_MS = 330 * 60_000;
const CLOCK_TICKS = 100;

type Mode = 'fsync-off' | 'fsync-on';

interface ListedAd {
  id: string;
  title: string;
  company_id: string;
  duration_seconds: number | null;
}

interface Sender {
  token: string;
  screenId: string;
  screenCode: string;
  outletId: string;
  ads: ListedAd[];
  /** Where this screen's timeline stands: the end of its last play (ms since epoch). */
  clock: number;
}

interface Tally {
  plays: number;
  batches: number;
  refused: number;
  failed: number;
  latenciesMs: number[];
}

async function signIn(origin: string, screenCode: string, historyStartMs: number): Promise<Sender> {
  const auth = await fetch(`${origin}/api/screen-auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ screen_code: screenCode, pass_code: PASSCODE }),
  });
  if (auth.status !== 200) throw new Error(`sign-in of ${screenCode} answered ${auth.status}`);
  const session = (await auth.json()).data as { access_token: string; screen_id: string; outlet: { id: string } };
  const list = await fetch(`${origin}/api/screen-auth/ads`, {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  const ads = (await list.json()).data as ListedAd[];
  return {
    token: session.access_token,
    screenId: session.screen_id,
    screenCode,
    outletId: session.outlet.id,
    ads,
    clock: historyStartMs + 60_000 + Math.random() * 60_000,
  };
}

/** The next `BATCH` plays this screen finished, one after another, as the player stamps them. */
function nextBatch(sender: Sender) {
  const logs = Array.from({ length: BATCH }, () => {
    const ad = sender.ads[Math.floor(Math.random() * sender.ads.length)]!;
    const ms = ad.duration_seconds ? ad.duration_seconds * 1000 : VIDEO_MS;
    sender.clock += ms;
    const endedAt = sender.clock;
    sender.clock += Math.random() * 200;
    const local = new Date(endedAt + OUTLET_OFFSET_MS).toISOString();
    return {
      id: randomUUID(),
      ad_id: ad.id,
      screen_id: sender.screenId,
      company_id: ad.company_id,
      outlet_id: sender.outletId,
      play_date: local.slice(0, 10),
      play_time: local.slice(11, 19),
      play_count: 1,
      played_at: new Date(endedAt).toISOString(),
      additional_info: { ad_title: ad.title, ad_duration: ms / 1000, screen_code: sender.screenCode },
    };
  });
  if (sender.clock > Date.now() - 1_000) throw new Error('a screen ran out of history; lower BENCH_SECONDS');
  return { logs, sent_at: new Date().toISOString() };
}

/** Each screen posts its next batch as soon as the last was answered, until `untilMs`. */
async function drive(origin: string, senders: Sender[], untilMs: number): Promise<Tally> {
  const tally: Tally = { plays: 0, batches: 0, refused: 0, failed: 0, latenciesMs: [] };
  await Promise.all(
    senders.map(async (sender) => {
      while (performance.now() < untilMs) {
        const body = JSON.stringify(nextBatch(sender));
        const started = performance.now();
        const response = await fetch(`${origin}/api/playback-logs/log`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
          body,
        });
        const answer = await response.json();
        tally.latenciesMs.push(performance.now() - started);
        if (response.status !== 200) {
          tally.failed += 1;
          continue;
        }
        tally.batches += 1;
        tally.plays += answer.data.stored.length;
        tally.refused += answer.data.refused?.length ?? 0;
      }
    }),
  );
  return tally;
}

async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const round1 = (value: number) => Math.round(value * 10) / 10;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? sorted[middle]! : round1((sorted[middle - 1]! + sorted[middle]!) / 2);
}

async function runOnce(template: string, mode: Mode, screenCodes: string[], historyStartMs: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adloop-bench-pglite-'));
  await cp(template, dataDir, { recursive: true });
  const server = await startServer('bench/servers/pglite-server.ts', {
    PGLITE_DIR: dataDir,
    PGLITE_FSYNC: mode === 'fsync-off' ? 'off' : 'on',
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  try {
    const senders: Sender[] = [];
    for (const code of screenCodes) senders.push(await signIn(server.origin, code, historyStartMs));
    await drive(server.origin, senders, performance.now() + WARM_UP_MS);
    const machineLoadBefore = loadavg()[0]!;
    const ticksBefore = await cpuTicks(server.pid);
    const started = performance.now();
    const tally = await drive(server.origin, senders, started + SECONDS * 1000);
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = ((await cpuTicks(server.pid)) - ticksBefore) / CLOCK_TICKS;
    const sorted = tally.latenciesMs.sort((a, b) => a - b);
    return {
      mode,
      playsPerSecond: Math.round(tally.plays / seconds),
      batchesPerSecond: round1(tally.batches / seconds),
      batchLatencyP50Ms: round1(percentile(sorted, 50)),
      batchLatencyP99Ms: round1(percentile(sorted, 99)),
      serverCpuPctOfOneCore: Math.round((cpuSeconds / seconds) * 100),
      refusedPlays: tally.refused,
      failedBatches: tally.failed,
      // Other work on the machine moves these figures; the 1-minute load average says how much there was.
      machineLoad1m: round1(machineLoadBefore),
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchEmbeddedIngestion() {
  const seedDir = await mkdtemp(path.join(tmpdir(), 'adloop-bench-pglite-seed-'));
  try {
    const seeded = pgliteIn(seedDir);
    const fixture = await seedFleet(seeded, SCREENS, HISTORY_MS);
    if (seeded.target.kind !== 'pglite') throw new Error('the embedded bench seeds PGlite');
    const screenCodes = fixture.screens.map((screen) => screen.code);
    const runs: Awaited<ReturnType<typeof runOnce>>[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating, and the first of each pair swapping, so neither mode always runs on a warmer machine.
      const order: Mode[] = round % 2 === 0 ? ['fsync-off', 'fsync-on'] : ['fsync-on', 'fsync-off'];
      for (const mode of order) {
        const run = await runOnce(seeded.target.dataDir, mode, screenCodes, fixture.historyStartMs);
        console.error(`embedded ingestion, round ${round + 1}/${ROUNDS}: ${JSON.stringify(run)}`);
        runs.push(run);
      }
    }
    const summary = (mode: Mode) => {
      const of = runs.filter((run) => run.mode === mode);
      return {
        playsPerSecond: median(of.map((run) => run.playsPerSecond)),
        batchesPerSecond: median(of.map((run) => run.batchesPerSecond)),
        batchLatencyP50Ms: median(of.map((run) => run.batchLatencyP50Ms)),
        batchLatencyP99Ms: median(of.map((run) => run.batchLatencyP99Ms)),
        serverCpuPctOfOneCore: median(of.map((run) => run.serverCpuPctOfOneCore)),
      };
    };
    const off = summary('fsync-off');
    const on = summary('fsync-on');
    return {
      screens: SCREENS,
      batchSize: BATCH,
      secondsPerRun: SECONDS,
      rounds: ROUNDS,
      fsyncOff: off,
      fsyncOn: on,
      throughputRatio: off.playsPerSecond ? Math.round((on.playsPerSecond / off.playsPerSecond) * 100) / 100 : 0,
      // On over off within each round: how far apart the rounds are says how much to trust the medians.
      roundRatios: Array.from({ length: ROUNDS }, (_, round) => {
        const pair = runs.slice(round * 2, round * 2 + 2);
        const of = (mode: Mode) => pair.find((run) => run.mode === mode)?.playsPerSecond ?? 0;
        return of('fsync-off') ? Math.round((of('fsync-on') / of('fsync-off')) * 100) / 100 : 0;
      }),
      runs,
    };
  } finally {
    await rm(seedDir, { recursive: true, force: true });
  }
}
