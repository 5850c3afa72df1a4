import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics } from 'prom-client';
import type { ReadReplica } from '../db/read-replica.ts';
import { type AppMetrics, createMetrics } from '../lib/metrics.ts';
import { countPendingAlertDeliveries } from '../modules/alerts/alerts.service.ts';
import { countOnlineScreens } from '../modules/screens/screens.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus metrics (decision 058), served by GET /metrics. */
    metrics: AppMetrics;
  }
}

export interface MetricsOptions {
  /** GET /metrics is served (METRICS_TOKEN is set): only then is every request timed and the process measured. */
  enabled: boolean;
}

const lagSecondsOf = (replica: ReadReplica) => async (): Promise<number> => {
  const state = await replica.current();
  return state.lagMs === null ? Number.NaN : state.lagMs / 1000;
};

type RouteTimer = ReturnType<AppMetrics['httpRequestDuration']['labels']>;

/**
 * Counts what the service does (decision 058). The counters the routes and plugins add to cost an
 * addition each and are always kept; timing every request and sampling the process only run when
 * someone can read them.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
    const metrics = createMetrics({
      screensOnline: () => countOnlineScreens(app.db),
      alertDeliveriesPending: () => countPendingAlertDeliveries(app.db),
      screenRequestsInFlight: () => app.admission.screenRequestsInFlight,
      readReplicaLagSeconds: app.readReplica ? lagSecondsOf(app.readReplica) : undefined,
      onSourceFailed: (metric, error) => app.log.warn({ err: error, metric }, 'metric not read; reported as NaN'),
    });
    app.decorate('metrics', metrics);
    if (!options.enabled) return;

    collectDefaultMetrics({ register: metrics.registry });
    // Labelled by the route's pattern, never the URL, so the series stay as many as the routes.
    const timers = new Map<string, RouteTimer>();
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
      const key = `${request.method} ${route} ${statusClass}`;
      let timer = timers.get(key);
      if (!timer) {
        timer = metrics.httpRequestDuration.labels(request.method, route, statusClass);
        timers.set(key, timer);
      }
      timer.observe(reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics', dependencies: ['db', 'read-replica'] },
);
