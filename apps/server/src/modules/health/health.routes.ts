import { setTimeout as sleep } from 'node:timers/promises';
import { healthResponseSchema } from '@adloop/contract/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicSecurity } from '../../lib/schemas.ts';

const startedAt = Date.now();
const VERSION = process.env.npm_package_version ?? '0.0.0';

/**
 * How long a health check waits for its ping before it answers from the last one (decision 045):
 * a ping queued behind a busy database's work measures load, not health. PGlite runs one query at
 * a time, so under a fleet's load a `select 1` waited for every admitted screen request.
 */
export const HEALTH_PATIENCE_MS = 750;
/** …and only a ping that answered ok this recently may stand in for it. */
export const HEALTH_RECENT_MS = 5_000;

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let last: { ok: boolean; at: number } | undefined;
  // One ping at a time: checks that arrive while one waits share it instead of queuing more.
  let pending: Promise<boolean> | undefined;

  const ping = () => {
    pending ??= app.database
      .ping()
      .then((ok) => {
        last = { ok, at: performance.now() };
        return ok;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  /** The database's state: this ping's answer, or the last one's if it was ok and recent and this one waits. */
  const databaseOk = async (): Promise<boolean> => {
    const answer = ping();
    const recent = last;
    if (!recent?.ok || performance.now() - recent.at > HEALTH_RECENT_MS) return answer;
    const patience = new AbortController();
    try {
      return await Promise.race([answer, sleep(HEALTH_PATIENCE_MS, recent.ok, { signal: patience.signal })]);
    } finally {
      patience.abort();
    }
  };

  /** The replica's last look (decision 098); it never degrades the status, since its reads fall back to the primary. */
  const readReplicaState = async () => {
    const replica = app.readReplica;
    if (!replica) return null;
    const state = await replica.current();
    const used = state.ok && state.lagMs !== null && state.lagMs <= replica.maxLagMs;
    return { used, ok: state.ok, lag_ms: state.lagMs, max_lag_ms: replica.maxLagMs };
  };

  app.get(
    '/',
    {
      schema: {
        tags: ['health'],
        summary: "The server's, the database's and the event bus's state",
        security: publicSecurity,
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const before = performance.now();
      const ok = await databaseOk();
      const latency = Math.round((performance.now() - before) * 100) / 100;
      const replica = await readReplicaState();
      const bus = app.events.status();
      // Without Redis the process still serves its screens, so only the database makes it 503 (decision 099).
      return reply.code(ok ? 200 : 503).send({
        data: {
          status: ok && bus.connected ? 'ok' : 'degraded',
          database: { kind: app.database.kind, ok, latency_ms: latency },
          read_replica: replica,
          bus,
          version: VERSION,
          uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
        },
      });
    },
  );
}
