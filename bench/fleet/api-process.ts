// The real AdLoop server (apps/server/src/server.ts) in its own process: started, killed, restarted, watched.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { root } from '../lib.ts';

export interface ProcessSample {
  /** Seconds since the run began. */
  t: number;
  rssMiB: number;
  /** Share of one core used since the previous sample, in %. */
  cpuPct: number;
  fds: number;
}

export interface ExitRecord {
  t: number;
  code: number | null;
  signal: string | null;
  expected: boolean;
}

/** A port nothing listens on now, so a restart can reuse it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const CLOCK_TICKS = 100;

export class ApiProcess {
  private child: ChildProcess | undefined;
  private expectingExit = false;
  private stopped = false;
  readonly exits: ExitRecord[] = [];
  readonly samples: ProcessSample[] = [];
  private sampler: NodeJS.Timeout | undefined;
  private lastCpu: { ticks: number; at: number } | undefined;
  private readonly log: WriteStream;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly logFile: string,
    private readonly clock: () => number,
    /** Called when the process ended without being asked to (it is started again). */
    private readonly onUnexpectedExit: (record: ExitRecord) => void,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  /** Starts the server and waits until its health check answers 200; resolves with the seconds that took. */
  async start(): Promise<number> {
    const started = performance.now();
    // FLEET_SERVER_NODE_ARGS: flags for the server's node only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
    const nodeArgs = (process.env.FLEET_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
      {
        cwd: root,
        env: { ...process.env, ...this.env, HOST: '127.0.0.1', PORT: String(this.port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    this.lastCpu = undefined;
    child.stdout!.pipe(this.log, { end: false });
    child.stderr!.pipe(this.log, { end: false });
    child.once('exit', (code, signal) => {
      const record = { t: this.clock(), code, signal, expected: this.expectingExit };
      this.exits.push(record);
      this.log.write(`\n--- fleet: server exited (code ${code}, signal ${signal}) ---\n`);
      if (this.child === child) this.child = undefined;
      if (!record.expected) this.onUnexpectedExit(record);
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (this.child !== child) throw new Error(`the server exited while starting; see ${this.logFile}`);
      if ((await this.health()) === 200) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not answer /api/health within 120 s; see ${this.logFile}`);
  }

  /** Status of GET /api/health on a fresh connection, or 0 when nothing answered within 5 s. */
  health(): Promise<number> {
    return fetch(`http://127.0.0.1:${this.port}/api/health`, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
  }

  /** kill -9, as a power cut or the OOM killer would; resolves once the process is gone. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    this.expectingExit = false;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopSampling();
    const child = this.child;
    if (child) {
      this.expectingExit = true;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timeout);
    }
    await new Promise((resolve) => this.log.end(resolve));
  }

  /** Samples the server's RSS, CPU and open descriptors from /proc every `everyMs`. */
  startSampling(everyMs: number) {
    this.sampler = setInterval(() => void this.sample(), everyMs);
  }

  stopSampling() {
    clearInterval(this.sampler);
  }

  async sample(): Promise<ProcessSample | undefined> {
    const pid = this.pid;
    if (!pid) return undefined;
    try {
      const [status, stat, fds] = await Promise.all([
        readFile(`/proc/${pid}/status`, 'utf8'),
        readFile(`/proc/${pid}/stat`, 'utf8'),
        readdir(`/proc/${pid}/fd`),
      ]);
      const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      // Fields after the command name: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const at = performance.now();
      const previous = this.lastCpu;
      this.lastCpu = { ticks, at };
      const cpuPct = previous ? (((ticks - previous.ticks) / CLOCK_TICKS) * 100_000) / (at - previous.at) : 0;
      const sample = {
        t: Math.round(this.clock() / 100) / 10,
        rssMiB: Math.round(rssKiB / 102.4) / 10,
        cpuPct: Math.round(cpuPct),
        fds: fds.length,
      };
      this.samples.push(sample);
      return sample;
    } catch {
      return undefined;
    }
  }
}
