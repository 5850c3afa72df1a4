// `npm run bench`: runs every benchmark against PostgreSQL and writes JSON under bench/results/.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchAnalytics } from './analytics.ts';
import { benchAvailability } from './availability.ts';
import { benchCampaigns } from './campaigns.ts';
import { benchDisplayBytes } from './display-bytes.ts';
import { benchEmbeddedIngestion } from './embedded-ingestion.ts';
import { benchFanOut } from './fan-out.ts';
import { root } from './lib.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchScreenApi } from './screen-api.ts';
import { benchTargeting } from './targeting.ts';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const started = new Date();
// BENCH_ONLY=screen-api|analytics|fan-out|targeting|lighthouse|display-bytes|embedded-ingestion|availability|campaigns runs one; all by default.
const only = process.env.BENCH_ONLY;
const screenApi = only && only !== 'screen-api' ? undefined : await benchScreenApi(adminUrl);
const analytics = only && only !== 'analytics' ? undefined : await benchAnalytics(adminUrl);
const fanOut = only && only !== 'fan-out' ? undefined : await benchFanOut(adminUrl);
const targeting = only && only !== 'targeting' ? undefined : await benchTargeting(adminUrl);
const lighthouse = only && only !== 'lighthouse' ? undefined : await benchLighthouse(adminUrl);
const displayBytes = only && only !== 'display-bytes' ? undefined : await benchDisplayBytes(adminUrl);
const embeddedIngestion = only && only !== 'embedded-ingestion' ? undefined : await benchEmbeddedIngestion();
const availability = only && only !== 'availability' ? undefined : await benchAvailability(adminUrl);
const campaigns = only && only !== 'campaigns' ? undefined : await benchCampaigns(adminUrl);
const report = {
  startedAt: started.toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  screenApi,
  analytics,
  fanOut,
  targeting,
  lighthouse,
  displayBytes,
  embeddedIngestion,
  availability,
  campaigns,
};
const dir = path.join(root, 'bench', 'results');
await mkdir(dir, { recursive: true });
const file = path.join(dir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
console.log(`\nwritten to ${path.relative(root, file)}`);
