import { healthResponseSchema } from '@adloop/contract/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const startedAt = Date.now();
const VERSION = process.env.npm_package_version ?? '0.0.0';

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      schema: {
        tags: ['health'],
        summary: "The server's and the database's state",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const before = performance.now();
      const ok = await app.database.ping();
      const latency = Math.round((performance.now() - before) * 100) / 100;
      return reply.code(ok ? 200 : 503).send({
        data: {
          status: ok ? 'ok' : 'degraded',
          database: { kind: app.database.kind, ok, latency_ms: latency },
          version: VERSION,
          uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
        },
      });
    },
  );
}
