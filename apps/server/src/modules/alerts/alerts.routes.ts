import { alertListQuerySchema, alertListResponseSchema } from '@adloop/contract/alerts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { listAlerts } from './alerts.service.ts';

export default async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      preHandler: app.authorize('alerts', 'read'),
      schema: {
        tags: ['alerts'],
        summary: 'Screens gone offline, still offline and back online, newest first, by cursor',
        security: [{ bearerAuth: [] }],
        querystring: alertListQuerySchema,
        response: { 200: alertListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listAlerts(app.db, await loadTenancy(app.db, request.staff!.user), request.scope, request.query),
  );
}
