import { analyticsOverviewSchema, analyticsQuerySchema } from '@adloop/contract/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { analyticsOverview } from './analytics.service.ts';

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/overview',
    {
      preHandler: app.authorize('analytics', 'read'),
      schema: {
        tags: ['analytics'],
        summary: 'Plays over time and by slice, uptime and money, for the caller’s slice',
        security: [{ bearerAuth: [] }],
        querystring: analyticsQuerySchema,
        response: { 200: analyticsOverviewSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await analyticsOverview(
        app.db,
        await loadTenancy(app.db, request.staff!.user),
        request.scope,
        request.query,
      ),
    }),
  );
}
