// `npm run rollups:rebuild`: recompute the play rollups from the playback logs. The days of
// archived plays keep their rollups (decision 097): their logs are in archive files now.
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { lastArchivedPlayDate, rebuildRollups } from '../modules/analytics/rollups.service.ts';

const env = parseEnv(process.env);
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite') },
);
await database.migrate();
const started = performance.now();
const result = await rebuildRollups(database.db);
console.log(
  `Rebuilt ${result.rows} rollup rows covering ${result.plays} plays in ${Math.round(performance.now() - started)} ms`,
);
const kept = await lastArchivedPlayDate(database.db);
if (kept) console.log(`Kept the rollups of every day up to ${kept}: those plays are archived (decision 097)`);
await database.close();
