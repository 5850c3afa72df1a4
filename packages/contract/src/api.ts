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
    /** The event bus between processes: while Redis is away, other processes' changes reach this one's screens late (decision 099). */
    bus: z.object({ kind: z.enum(['in-process', 'redis']), connected: z.boolean() }),
    version: z.string(),
    uptime_seconds: z.number(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
