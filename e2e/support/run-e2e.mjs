// Runs the browser tests as N Playwright processes side by side (E2E_SHARDS, 2 by default, at
// most the machine's cores), each with its own server, port, data directory and output folder,
// so no shard sees another's data (decision 065). The specs are dealt out by how long each takes
// (spec-seconds.mjs), longest first to the shard with the least so far, so the shards end
// together. Extra arguments go to every shard, e.g. `--repeat-each 3`; naming specs runs just
// those, split by Playwright's own `--shard`.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { DEFAULT_SPEC_SECONDS, SPEC_SECONDS } from './spec-seconds.mjs';

const shards = Math.max(1, Math.min(Number(process.env.E2E_SHARDS ?? 2), availableParallelism()));
const basePort = Number(process.env.E2E_PORT ?? 8181);
const args = process.argv.slice(2);
const namesSpecs = args.some((arg) => !arg.startsWith('-'));

/** Every spec, dealt to `count` shards: longest first, each to the shard with the fewest seconds. */
function dealSpecs(count) {
  const specs = readdirSync(new URL('../tests/', import.meta.url)).filter((name) => name.endsWith('.spec.ts'));
  const seconds = (spec) => SPEC_SECONDS[spec] ?? DEFAULT_SPEC_SECONDS;
  const dealt = Array.from({ length: count }, () => ({ specs: [], seconds: 0 }));
  for (const spec of specs.sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lightest = dealt.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.specs.push(spec);
    lightest.seconds += seconds(spec);
  }
  return dealt;
}

const dealt = shards > 1 && !namesSpecs ? dealSpecs(shards) : null;

function runShard(index) {
  const label = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  // Playwright reads each argument as a pattern over the specs' paths: each dealt spec, exactly.
  const shardArgs = dealt
    ? dealt[index - 1].specs.map((spec) => `e2e/tests/${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
    : shards > 1
      ? [`--shard=${index}/${shards}`]
      : [];
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

if (dealt) {
  for (const [index, shard] of dealt.entries()) {
    console.log(`[e2e ${index + 1}/${shards}] ${shard.specs.length} specs, about ${shard.seconds} s`);
  }
}
const started = Date.now();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`e2e: ${shards} shard(s) in ${seconds} s, ${failed === 0 ? 'all passed' : `${failed} failed`}`);
process.exit(failed === 0 ? 0 : 1);
