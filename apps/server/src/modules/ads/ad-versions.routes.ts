import { adSchema, adVersionParamsSchema, adVersionSchema } from '@adloop/contract/ads';
import { idParamsSchema, one } from '@adloop/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { listAdVersions, rollbackAd } from './ad-versions.service.ts';

/** An ad's version history under /api/ads/:id/versions and rollback to one of them (decision 031). */
export default async function adVersionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'ads');

  app.get(
    '/:id/versions',
    guard('ads', 'read', {
      summary: "An ad's saved versions, newest first, each with what it changed",
      params: idParamsSchema,
      response: { 200: z.object({ data: z.array(adVersionSchema) }) },
    }),
    async (request) => ({ data: await listAdVersions(request.ctx, request.params.id) }),
  );

  app.post(
    '/:id/versions/:version/rollback',
    guard('ads', 'update', {
      summary: "Roll an ad back to a version's creative, as a new version (409 if nothing would change)",
      params: adVersionParamsSchema,
      response: { 200: one(adSchema) },
    }),
    async (request) => ({ data: await rollbackAd(request.ctx, request.params.id, request.params.version) }),
  );
}
