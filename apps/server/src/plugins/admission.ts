import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseKind } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';

export interface AdmissionOptions {
  /** Screen requests are refused while the event loop's mean delay over the last sample is above this (ms). */
  maxEventLoopDelayMs: number;
  /** …or while this many screen requests are already being answered (event streams count only while connecting). */
  maxScreenRequestsInFlight: number;
  /** How long each sample of the event loop's delay runs (ms). */
  sampleIntervalMs: number;
  /** How long a refused screen is asked to wait (Retry-After, s). */
  retryAfterSeconds: number;
}

/**
 * Defaults (decision 045). A healthy loop's mean delay is a few ms; 100 ms means most of each
 * second goes to work already queued. PGlite runs every query on the event loop, one at a time,
 * so fewer screen requests may queue in front of a person's than on PostgreSQL's pool: a
 * screen back from a wait sends its whole queue (up to 500 plays, ~40-80 ms of PGlite's time),
 * and 8 of those keep a person's wait well under a second (32 did not: health took 1.9 s).
 */
export function defaultAdmission(database: DatabaseKind): AdmissionOptions {
  return {
    maxEventLoopDelayMs: 100,
    maxScreenRequestsInFlight: database === 'pglite' ? 8 : 256,
    sampleIntervalMs: 1_000,
    retryAfterSeconds: 5,
  };
}

/**
 * Screen traffic: what a screen sends with its token on its own schedule, which may wait. Its
 * sign-in, the takeover it fetches on an emergency push, health and every staff route are never shed.
 */
export const SHEDDABLE_SCREEN_ROUTES = [
  'POST /api/playback-logs/log',
  'POST /api/screen-activity/online',
  'POST /api/screen-activity/offline',
  'POST /api/screen-activity/heartbeat',
  'GET /api/screen-auth/ads',
  'POST /api/screen-auth/verify',
  'GET /api/screen-auth/events',
  // A waiting display asks again in a few seconds (decision 088).
  'POST /api/screen-auth/pairing-codes/session',
] as const;
/** Held open for hours: refused while overloaded, but never counted as a request in flight. */
const EVENT_STREAM = 'GET /api/screen-auth/events';

const SUMMARY_EVERY_MS = 10_000;
const DELAY_RESOLUTION_MS = 10;

declare module 'fastify' {
  interface FastifyInstance {
    /** What admission control sees now. */
    admission: { readonly eventLoopDelayMs: number; readonly screenRequestsInFlight: number };
  }
}

/**
 * Admission control (issue 15): screens can wait, people and health checks cannot. Screen
 * requests are answered 503 with Retry-After while the event loop lags or too many are in
 * flight, before their body is read or their token checked, so a refusal costs next to nothing.
 */
export default fp(
  async function admissionPlugin(app: FastifyInstance, options: AdmissionOptions) {
    const histogram = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
    histogram.enable();
    let eventLoopDelayMs = 0;
    let inFlight = 0;
    let refused = 0;
    let worstDelayMs = 0;
    let lastSummaryAt = performance.now();
    let lastSampleAt = performance.now();

    const sampler = setInterval(() => {
      const now = performance.now();
      // Node records each tick's full interval: what lies beyond the resolution is delay. The
      // sampler's own lateness counts too: a turn blocked just before it may not be in the
      // histogram yet, whichever timer of the turn runs first.
      const meanDelayMs = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - DELAY_RESOLUTION_MS) : 0;
      const samplerLateMs = Math.max(0, now - lastSampleAt - options.sampleIntervalMs);
      lastSampleAt = now;
      eventLoopDelayMs = Math.max(meanDelayMs, samplerLateMs);
      histogram.reset();
      worstDelayMs = Math.max(worstDelayMs, eventLoopDelayMs);
      if (refused > 0 && now - lastSummaryAt >= SUMMARY_EVERY_MS) {
        app.log.warn(
          { refused, worstEventLoopDelayMs: Math.round(worstDelayMs), screenRequestsInFlight: inFlight },
          'screen traffic shed to keep people and health checks answered',
        );
        refused = 0;
        worstDelayMs = 0;
        lastSummaryAt = now;
      }
    }, options.sampleIntervalMs);
    sampler.unref();
    app.addHook('onClose', async () => {
      clearInterval(sampler);
      histogram.disable();
    });

    app.decorate('admission', {
      get eventLoopDelayMs() {
        return eventLoopDelayMs;
      },
      get screenRequestsInFlight() {
        return inFlight;
      },
    });

    const refuse = (route: string, cause: 'event_loop_delay' | 'in_flight_limit', reason: string) => {
      refused += 1;
      app.metrics.screenRequestsShed.inc({ route, reason: cause });
      return new HttpError(
        503,
        'SERVICE_UNAVAILABLE',
        `The server is busy (${reason}); this screen request was not handled. Try again in ${options.retryAfterSeconds} s.`,
        undefined,
        { 'retry-after': String(options.retryAfterSeconds) },
      );
    };

    const admit = (route: string) => {
      const counted = route !== EVENT_STREAM;
      return async (_request: FastifyRequest, reply: FastifyReply) => {
        if (eventLoopDelayMs > options.maxEventLoopDelayMs) {
          throw refuse(route, 'event_loop_delay', 'it is falling behind');
        }
        if (inFlight >= options.maxScreenRequestsInFlight) {
          throw refuse(route, 'in_flight_limit', 'too many screen requests at once');
        }
        if (!counted) return;
        inFlight += 1;
        // 'close' comes once, whether the answer was sent or the screen went away first.
        reply.raw.once('close', () => {
          inFlight -= 1;
        });
      };
    };

    const sheddable = new Set<string>(SHEDDABLE_SCREEN_ROUTES);
    const seen = new Set<string>();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if (!sheddable.has(key)) continue;
        seen.add(key);
        const hook = admit(key);
        route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), hook];
      }
    });
    // A renamed screen route would silently escape admission control: refuse to start instead.
    app.addHook('onReady', async () => {
      const missing = [...sheddable].filter((key) => !seen.has(key));
      if (missing.length > 0)
        throw new Error(`Admission control names routes that do not exist: ${missing.join(', ')}`);
    });
  },
  { name: 'admission', dependencies: ['errors', 'metrics'] },
);
