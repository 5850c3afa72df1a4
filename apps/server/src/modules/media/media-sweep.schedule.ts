import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepUnusedMedia } from './media-sweep.ts';

/** How often each process tries to sweep; the advisory lock lets one of them do it. */
export const MEDIA_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface MediaSweepOptions {
  mediaDir: string;
  intervalMs?: number;
  graceMs?: number;
}

/**
 * Sweeps unused media in the background (decision 044). The timer never keeps the process
 * alive, a slow run is never overlapped by the next, and closing waits for a run in progress
 * before the database goes.
 */
export default fp(
  async function mediaSweepPlugin(app: FastifyInstance, opts: MediaSweepOptions) {
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      if (running) return;
      running = sweepUnusedMedia(app.db, opts.mediaDir, { graceMs: opts.graceMs })
        .then((result) => {
          if (result.removed.length > 0) app.log.info({ removed: result.removed.length }, 'swept unused media');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'media sweep failed; the next run tries again'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(run, opts.intervalMs ?? MEDIA_SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'media-sweep', dependencies: ['db'] },
);
