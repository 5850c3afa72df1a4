import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { replanCampaigns } from './pacing.service.ts';

/** How often live campaigns are re-planned: well within the hour decision 084 promises. */
export const PACING_TICK_INTERVAL_MS = 5 * 60_000;

export interface PacingWorkerOptions {
  intervalMs?: number;
}

/**
 * Re-plans every live campaign on a timer in every server process (decision 084); each line item
 * is re-planned under its own database lock, so two processes never hand out the same plays. The
 * screens whose creatives' plans grew are told their list changed. The timer never keeps the
 * process alive, a slow run is never overlapped, and closing waits for a run in progress.
 */
export default fp(
  async function pacingWorkerPlugin(app: FastifyInstance, opts: PacingWorkerOptions) {
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      if (running) return;
      running = replanCampaigns(app.db)
        .then(async (result) => {
          if (result.changedAdIds.length > 0)
            await app.events.publish({ type: 'ads.changed', adIds: result.changedAdIds });
          if (result.lineItems > 0) app.log.info(result, 'campaigns re-planned');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'pacing tick failed; the next one tries again'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, opts.intervalMs ?? PACING_TICK_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'pacing-worker', dependencies: ['db', 'events'] },
);
