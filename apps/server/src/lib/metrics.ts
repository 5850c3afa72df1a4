import type { RefusedPlay } from '@adloop/contract/screen';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the scrape reads at its own time (decision 058): counts from the database, the admission state. */
export interface ScrapeSources {
  screensOnline(): Promise<number>;
  alertDeliveriesPending(): Promise<number>;
  screenRequestsInFlight(): number;
  /** Seconds the read replica lags behind the primary (decision 098); NaN when unknown; undefined without one. */
  readReplicaLagSeconds?: (() => Promise<number>) | undefined;
  /** A count that could not be read is reported as NaN, and why is logged here. */
  onSourceFailed(metric: string, error: unknown): void;
}

/**
 * Refusal reasons are the fixed sentences of play-acceptance.ts; beyond this many distinct ones a
 * reason is counted as `other`, so a reason that ever carries a value cannot grow the series unbounded.
 */
const MAX_REFUSAL_REASONS = 32;

/** Seconds; a play batch on PGlite under load takes up to about 2 s (decision 045). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from publish to this process hearing its own event: ~0 in process, a Redis round trip otherwise. */
const BUS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/**
 * The metrics of one app instance, in a registry of its own (tests build several apps in one
 * process; prom-client's global registry would refuse the second's names).
 */
export function createMetrics(sources: ScrapeSources) {
  const registry = new Registry();
  const registers = [registry];

  /** A gauge set from `read` at each scrape; NaN when the read fails, never the last value. */
  const scrapedGauge = (name: string, help: string, read: () => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        try {
          this.set(await read());
        } catch (error) {
          this.set(Number.NaN);
          sources.onSourceFailed(name, error);
        }
      },
    });

  scrapedGauge(
    'adloop_screens_online',
    'Screens online now: they said so and were heard from within the online window',
    sources.screensOnline,
  );
  scrapedGauge(
    'adloop_alert_deliveries_pending',
    'Alert e-mails and webhooks not yet delivered (PENDING rows of alert_deliveries)',
    sources.alertDeliveriesPending,
  );
  scrapedGauge(
    'adloop_screen_requests_in_flight',
    'Screen requests being answered now, as admission control counts them',
    sources.screenRequestsInFlight,
  );

  if (sources.readReplicaLagSeconds) {
    scrapedGauge(
      'adloop_read_replica_lag_seconds',
      'How far the streaming replica analytics and the playback log read from is behind the primary; NaN when it does not answer',
      sources.readReplicaLagSeconds,
    );
  }

  const playsRefused = new Counter({
    name: 'adloop_plays_refused_total',
    help: 'Plays refused at ingestion, by reason (decision 036)',
    labelNames: ['reason'] as const,
    registers,
  });
  const playsStored = new Counter({
    name: 'adloop_plays_stored_total',
    help: 'Play records stored from screen batches',
    registers,
  });
  const playsDuplicate = new Counter({
    name: 'adloop_plays_duplicate_total',
    help: 'Play records sent again that were already stored (a retried batch), ignored',
    registers,
  });
  const refusalReasons = new Set<string>();

  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'adloop_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    screenRequestsShed: new Counter({
      name: 'adloop_screen_requests_shed_total',
      help: 'Screen requests answered 503 by admission control (decision 045), by route and reason',
      labelNames: ['route', 'reason'] as const,
      registers,
    }),
    screenEventStreams: new Gauge({
      name: 'adloop_screen_event_streams',
      help: 'Open server-sent event streams of screens in this process',
      registers,
    }),
    eventBus: {
      published: new Counter({
        name: 'adloop_event_bus_published_total',
        help: 'Events this process published on the fan-out bus, by type',
        labelNames: ['type'] as const,
        registers,
      }),
      delivered: new Counter({
        name: 'adloop_event_bus_delivered_total',
        help: "Events delivered to this process's listeners, from any process, by type",
        labelNames: ['type'] as const,
        registers,
      }),
      deliverySeconds: new Histogram({
        name: 'adloop_event_bus_delivery_seconds',
        help: 'Time from publishing an event to this process hearing it back (its own events only)',
        buckets: BUS_BUCKETS,
        registers,
      }),
    },
    /** Counts the answer to one play batch. */
    recordPlays(result: { stored: readonly string[]; duplicates: readonly string[]; refused: readonly RefusedPlay[] }) {
      if (result.stored.length > 0) playsStored.inc(result.stored.length);
      if (result.duplicates.length > 0) playsDuplicate.inc(result.duplicates.length);
      for (const { reason } of result.refused) {
        if (refusalReasons.size < MAX_REFUSAL_REASONS) refusalReasons.add(reason);
        playsRefused.inc({ reason: refusalReasons.has(reason) ? reason : 'other' });
      }
    },
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;
