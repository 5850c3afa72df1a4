import { alertListQuerySchema, alertListResponseSchema } from '@adloop/contract/alerts';
import { offlineScreensResponseSchema } from '@adloop/contract/screen-connection';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { listAlerts, listOfflineScreens } from './alerts.service.ts';

export default async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'alerts');
  app.get(
    '/',
    guard('alerts', 'read', {
      summary: 'Screens gone offline, still offline and back online, newest first, by cursor',
      querystring: alertListQuerySchema,
      response: { 200: alertListResponseSchema },
    }),
    async (request) => listAlerts(request.ctx, request.query),
  );
  app.get(
    '/offline-screens',
    guard('alerts', 'read', {
      summary: 'Screens offline now, with when their alert is due or was raised (the one rule of decision 092)',
      response: { 200: offlineScreensResponseSchema },
    }),
    async (request) => ({ data: await listOfflineScreens(request.ctx) }),
  );
}
