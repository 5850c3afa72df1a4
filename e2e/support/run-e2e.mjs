// Runs the browser tests as N Playwright shards side by side (E2E_SHARDS, 1 by default), each
// with its own server, port, data directory and output folder, so no shard sees another's data
// (decision 065). Extra arguments go to every shard, e.g. a spec file or `--repeat-each 3`.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

// One by default: on 2 cores the suite is CPU-bound, and two shards saved 4 % (decision 065).
const shards = Math.max(1, Math.min(Number(process.env.E2E_SHARDS ?? 1), availableParallelism()));
const basePort = Number(process.env.E2E_PORT ?? 8181);
const args = process.argv.slice(2);

function runShard(index) {
  const label = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...shardArgs, ...args], {
    env: {
      ...process.env,
      E2E_PORT: String(basePort + index - 1),
      E2E_OUTPUT_DIR: shards > 1 ? `test-results-shard-${index}` : 'test-results',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${label}${line}\n`));
  }
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`e2e: ${shards} shard(s) in ${seconds} s, ${failed === 0 ? 'all passed' : `${failed} failed`}`);
process.exit(failed === 0 ? 0 : 1);
