import { one } from '@adloop/contract/common';
import { dashboardSummarySchema } from '@adloop/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, staffSessionSecurity } from '../../lib/schemas.ts';
import { dashboardSummary } from './dashboard.service.ts';

/** The dashboard home, base path /api/dashboard: every signed-in role, each scoped by the matrix. */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/summary',
    {
      preHandler: app.requireStaffReady,
      schema: {
        tags: ['dashboard'],
        summary: 'Counts, offline screens, ads awaiting review and recent screen activity the caller may see',
        security: staffSessionSecurity,
        response: { 200: one(dashboardSummarySchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await dashboardSummary(request.ctx) }),
  );
}
