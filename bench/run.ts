// `npm run bench`: runs every benchmark against PostgreSQL and writes JSON under bench/results/.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.ts';
import { benchScreenApi } from './screen-api.ts';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const started = new Date();
const screenApi = await benchScreenApi(adminUrl);
const report = {
  startedAt: started.toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  screenApi,
};
const dir = path.join(root, 'bench', 'results');
await mkdir(dir, { recursive: true });
const file = path.join(dir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
console.log(`\nwritten to ${path.relative(root, file)}`);
