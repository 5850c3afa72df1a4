import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { archiveOldPlays } from './play-archive.ts';
import { forgetOldPlayIds, makePlayPartitions, monthsToHold } from './play-partitions.ts';

/**
 * How often each process makes the coming months' partitions, forgets the ids of plays too old to
 * be stored again, and archives months past the retention.
 */
export const PLAY_STORAGE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface PlayStorageOptions {
  /** DATA_DIR: archives go to its `archive/playback_logs/`. */
  dataDir?: string;
  /** PLAY_RETENTION_MONTHS; unset = every play is kept, nothing archived. */
  retentionMonths?: number;
  intervalMs?: number;
}

/**
 * Keeps the proof of play's partitions ahead of the plays (decision 097): on start, before the
 * server takes a request, and then every few hours; with a retention, archives the months past it.
 * A slow run is never overlapped by the next, and closing waits for a run in progress.
 */
export default fp(
  async function playStoragePlugin(app: FastifyInstance, opts: PlayStorageOptions) {
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const { dataDir, retentionMonths } = opts;
    const archive = async () => {
      if (!dataDir || !retentionMonths) return;
      const archived = await archiveOldPlays(app.db, { dataDir, retentionMonths });
      for (const month of archived) {
        app.log.info({ month: month.month, rows: month.rows, file: month.file }, 'archived a month of plays');
      }
    };
    const run = () => {
      if (running) return;
      running = makePlayPartitions(app.db, monthsToHold(Date.now()))
        .then(() => forgetOldPlayIds(app.db))
        .then(archive)
        .catch((error: unknown) => app.log.warn({ err: error }, 'play storage upkeep failed; the next run tries again'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      await makePlayPartitions(app.db, monthsToHold(Date.now()));
      run();
      timer = setInterval(run, opts.intervalMs ?? PLAY_STORAGE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'play-storage', dependencies: ['db'] },
);
