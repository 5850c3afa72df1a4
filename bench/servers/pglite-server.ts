// The AdLoop API on PGlite in PGLITE_DIR, alone in its process. PGLITE_FSYNC=off opens it as
// PGlite's defaults do (fsync off, the server before decision 045), for the before/after bench.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase, pgliteHandle } from '../../apps/server/src/db/client.ts';
import { listenForBench } from './listen.ts';

const dataDir = process.env.PGLITE_DIR;
if (!dataDir) throw new Error('PGLITE_DIR is required');
const database =
  process.env.PGLITE_FSYNC === 'off'
    ? pgliteHandle(await PGlite.create(dataDir))
    : await openDatabase({ kind: 'pglite', dataDir });
const app = await buildApp({
  database,
  jwtSecret: new TextEncoder().encode(process.env.JWT_SECRET ?? ''),
  mediaDir: await mkdtemp(path.join(tmpdir(), 'adloop-bench-media-')),
  // The bench measures what each batch costs, so it is never shed for the event loop's delay.
  admission: { maxEventLoopDelayMs: Number.POSITIVE_INFINITY },
});
await listenForBench(app, () => database.close());
