import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AlertChannels } from './alert-delivery.ts';
import { runAlertTick } from './alert-tick.ts';

export const ALERT_TICK_INTERVAL_MS = 30_000;

export interface AlertWorkerOptions {
  channels: AlertChannels;
  intervalMs?: number;
}

/**
 * Runs the alert worker in every server process (decision 052); the database lock lets one
 * raise alerts and each delivery is claimed by one. The timer never keeps the process alive, a
 * slow run is never overlapped, and closing waits for a run in progress.
 */
export default fp(
  async function alertWorkerPlugin(app: FastifyInstance, opts: AlertWorkerOptions) {
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      if (running) return;
      running = runAlertTick(app.db, { deliver: opts.channels })
        .then((result) => {
          if (result.sent + result.failed > 0) app.log.info(result, 'alert deliveries attempted');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'alert tick failed; the next one tries again'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(run, opts.intervalMs ?? ALERT_TICK_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'alert-worker', dependencies: ['db'] },
);
