// SSE fan-out: the delay from one ad edit to its `ads-changed` frame at each of 1,000 connected screens,
// with the in-process bus (one server process) and through Redis (screens spread over two processes).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ads, companies, outlets, screens, users } from '../apps/server/src/db/schema.ts';
import { hashSecret } from '../apps/server/src/modules/auth/passwords.ts';
import { signToken } from '../apps/server/src/modules/auth/tokens.ts';
import { freshDatabase, startServer } from './lib.ts';

const SCREENS = Number(process.env.BENCH_FAN_OUT_SCREENS ?? 1000);
const ROUNDS = 5;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'fan-out-admin@bench.test', password: 'bench-password' };

interface Fixture {
  adId: string;
  screenIds: string[];
}

async function seed(url: string): Promise<Fixture> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  const db = database.db;
  await db.insert(users).values({
    email: ADMIN.email,
    name: 'Bench admin',
    role: 'GLOBAL_ADMIN',
    passwordHash: await hashSecret(ADMIN.password),
  });
  const [company] = await db.insert(companies).values({ name: 'Fan-out Co' }).returning();
  const [outlet] = await db.insert(outlets).values({ name: 'Fan-out Outlet', outletCode: 'FANOUT-1' }).returning();
  const [ad] = await db
    .insert(ads)
    .values({
      companyId: company!.id,
      title: 'Fan-out ad',
      type: 'IMAGE',
      mediaUrl: `/media/${randomBytes(32).toString('hex')}.jpg`,
      durationSeconds: 5,
      status: 'ACTIVE',
    })
    .returning({ id: ads.id });
  // One hash for all: the screens never sign in with it, their tokens are minted below.
  const passcodeHash = await hashSecret('123456');
  const rows = await db
    .insert(screens)
    .values(
      Array.from({ length: SCREENS }, (_, index) => ({
        outletId: outlet!.id,
        screenCode: `FANOUT-${String(index + 1).padStart(4, '0')}`,
        passcodeHash,
      })),
    )
    .returning({ id: screens.id });
  await database.close();
  return { adId: ad!.id, screenIds: rows.map((row) => row.id) };
}

/** The token the API's sign-in would issue (same signer, secret, audience and expiry rule). */
function screenToken(secret: Uint8Array, screenId: string) {
  return signToken(secret, {
    sub: screenId,
    sid: randomUUID(),
    aud: 'screen',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

/** One screen's event stream over a plain socket: counts `ads-changed` frames and stamps each arrival. */
interface Stream {
  arrivals: number[];
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function openStream(origin: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals: number[] = [];
    const request = http.get(`${origin}/api/screen-auth/events`, {
      agent,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`event stream answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let greeted = false;
      response.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        const frames = buffer.split('\n\n');
        buffer = frames.pop() ?? '';
        for (const frame of frames) {
          if (frame.includes('event: hello') && !greeted) {
            greeted = true;
            resolve({ arrivals, close: () => request.destroy() });
          }
          if (frame.includes('event: ads-changed')) arrivals.push(now);
        }
      });
    });
  });
}

async function openStreams(origins: string[], tokens: string[]): Promise<Stream[]> {
  const streams: Stream[] = [];
  // Batches of 100 keep the servers' sign-in checks (one query per new stream) from piling up.
  for (let start = 0; start < tokens.length; start += 100) {
    const batch = tokens.slice(start, start + 100);
    streams.push(
      ...(await Promise.all(
        batch.map((token, index) => openStream(origins[(start + index) % origins.length]!, token)),
      )),
    );
  }
  return streams;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

function summarise(delays: number[]) {
  const sorted = [...delays].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

/** Edits the ad through process A ROUNDS times; each delay runs from sending the PATCH to a screen's frame. */
async function measure(originA: string, adId: string, streams: Stream[], processOf: (index: number) => number) {
  const login = await fetch(`${originA}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}`);
  const staffToken = ((await login.json()) as { data: { token: string } }).data.token;
  const delays: number[] = [];
  const byProcess: number[][] = [[], []];
  const patchMs: number[] = [];
  let missed = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const sent = performance.now();
    const edit = await fetch(`${originA}/api/ads/${adId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
      body: JSON.stringify({ title: `Fan-out round ${round}` }),
    });
    patchMs.push(performance.now() - sent);
    if (edit.status !== 200) throw new Error(`ad edit answered ${edit.status}`);
    const deadline = Date.now() + 10_000;
    while (streams.some((stream) => stream.arrivals.length < round) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const [index, stream] of streams.entries()) {
      const arrival = stream.arrivals[round - 1];
      if (arrival === undefined) {
        missed += 1;
        continue;
      }
      delays.push(arrival - sent);
      byProcess[processOf(index)]!.push(arrival - sent);
    }
    // Rounds apart, so one round's writes and frames never overlap the next.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    ...summarise(delays),
    missed,
    patchResponseP50Ms: summarise(patchMs).p50Ms,
    byProcess: byProcess.filter((samples) => samples.length > 0).map(summarise),
  };
}

async function run(
  databaseUrl: string,
  fixture: Fixture,
  jwtSecret: string,
  processes: number,
  extraEnv: Record<string, string>,
) {
  const servers = await Promise.all(
    Array.from({ length: processes }, () =>
      startServer('bench/servers/api-server.ts', { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, ...extraEnv }),
    ),
  );
  try {
    const secret = new TextEncoder().encode(jwtSecret);
    const tokens = await Promise.all(fixture.screenIds.map((id) => screenToken(secret, id)));
    const streams = await openStreams(
      servers.map((server) => server.origin),
      tokens,
    );
    try {
      return await measure(servers[0]!.origin, fixture.adId, streams, (index) => index % processes);
    } finally {
      for (const stream of streams) stream.close();
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export async function benchFanOut(adminUrl: string) {
  const database = await freshDatabase(adminUrl);
  try {
    const fixture = await seed(database.url);
    const jwtSecret = randomBytes(32).toString('hex');
    const inProcess = await run(database.url, fixture, jwtSecret, 1, {});
    const redis = await run(database.url, fixture, jwtSecret, 2, {
      REDIS_URL,
      REDIS_CHANNEL: `adloop-bench:${randomBytes(4).toString('hex')}`,
    });
    return {
      screens: SCREENS,
      rounds: ROUNDS,
      measuredFrom: 'the PATCH of the ad being sent to process A',
      inProcess: { processes: 1, ...inProcess },
      redis: { processes: 2, screensPerProcess: SCREENS / 2, ...redis },
      goal: 'every screen within 5 s (issue 6); p99 reported',
    };
  } finally {
    await database.drop();
  }
}
