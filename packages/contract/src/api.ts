import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Error body of every failed API call (docs/design.md §4). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthResponseSchema = z.object({
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latency_ms: z.number() }),
    /**
     * The streaming replica analytics and the playback log may read from (decision 098); null
     * without one. `used`: reads go to it now (it answers and lags at most `max_lag_ms`).
     */
    read_replica: z
      .object({
        used: z.boolean(),
        ok: z.boolean(),
        lag_ms: z.number().nullable(),
        max_lag_ms: z.number(),
      })
      .nullable(),
    /** The event bus between processes: while Redis is away, other processes' changes reach this one's screens late (decision 099). */
    bus: z.object({ kind: z.enum(['in-process', 'redis']), connected: z.boolean() }),
    version: z.string(),
    uptime_seconds: z.number(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
