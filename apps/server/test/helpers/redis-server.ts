import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import net from 'node:net';

/** The redis-server binary on PATH, or undefined: tests that stop Redis need one of their own. */
export function redisServerBinary(): string | undefined {
  try {
    return execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A Redis of the test's own on a free port, which it may stop and start again on the same port:
 * the machine's shared Redis is never touched. Nothing is persisted, so a restart starts empty.
 */
export async function ownRedisServer(binary: string) {
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn(
        binary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      const output: string[] = [];
      started.stdout!.on('data', (chunk: Buffer) => {
        output.push(String(chunk));
        if (output.join('').includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output.join('')}`)));
    });

  /** kill -9, as a crash would: the connections drop with no goodbye. Resolves once it is gone. */
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await gone;
  };

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, kill };
}
