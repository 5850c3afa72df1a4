import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The parts of deploy/compose.yaml that run on a machine without Docker, for the deployment test:
 * server processes of the production start (`node --import tsx apps/server/src/server.ts` serving
 * the built web app) and a fresh PostgreSQL database; the nginx in front is e2e/support/nginx.ts.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A database of its own on the PostgreSQL of `baseUrl`, dropped by `drop` (its connections ended). */
export async function freshDatabase(baseUrl: string) {
  const name = `adloop_deploy_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: async (text: string) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type ServerProcess = { origin: string; output: string[]; stop: () => Promise<void> };

/** The server as the image runs it, on a port of its own; resolves once /api/health answers 200. */
export async function startServer(env: Record<string, string>, timeoutMs = 40_000): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    const status = await fetch(`${origin}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { origin, output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy in ${timeoutMs} ms (last status ${status}):\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A JSON POST sent from `localAddress` (any of 127.0.0.0/8 on Linux), so that a proxy's client and
 * the proxy itself have different addresses; answers the status and the parsed body.
 */
export function postJsonFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const outbound = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            resolve({ status: answer.statusCode ?? 0, body: text });
          }
        });
        answer.on('error', reject);
      },
    );
    outbound.on('error', reject);
    outbound.end(payload);
  });
}

/** Waits for the next server-sent event named `wanted` on a stream, and returns its data. */
export function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(wanted: string, timeoutMs = 10_000): Promise<unknown> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no ${wanted} event in ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        for (;;) {
          const frames = buffer.split('\n\n');
          buffer = frames.pop() ?? '';
          const index = frames.findIndex((frame) => /^event: (.+)$/m.exec(frame)?.[1] === wanted);
          if (index >= 0) {
            buffer = [...frames.slice(index + 1), buffer].join('\n\n');
            return JSON.parse(/^data: (.+)$/m.exec(frames[index] ?? '')?.[1] ?? 'null');
          }
          const chunk = await Promise.race([reader.read(), timeout]);
          if (chunk.done) throw new Error(`stream ended before ${wanted}`);
          buffer += decoder.decode(chunk.value, { stream: true });
        }
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
