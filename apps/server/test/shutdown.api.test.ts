import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverScript = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const dataDirs: string[] = [];

/** `npm start`'s server as a process of its own, on embedded PGlite in a fresh data directory. */
async function startServer(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adloop-shutdown-'));
  dataDirs.push(dataDir);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const listening = /AdLoop is running on http:\/\/[^:]+:(\d+)/.exec(line);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    });
  });
  return { child, port, exited, output };
}

afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('stopping the server', () => {
  it('finishes and exits 0 on SIGTERM when nothing is in flight', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '30000' });
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output.join('\n')).toContain('"msg":"shut down"');
  }, 90_000);

  it('exits 1 at its time limit when a client never finishes its request', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1500' });
    // Half a request: its headers never end, so the HTTP server would wait for it.
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{"email":');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    socket.destroy();
    expect(server.output.join('\n')).toContain('shutdown took too long');
  }, 90_000);
});
