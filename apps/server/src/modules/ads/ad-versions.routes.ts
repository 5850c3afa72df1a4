import { adSchema, adVersionParamsSchema, adVersionSchema } from '@adloop/contract/ads';
import { idParamsSchema, one } from '@adloop/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { listAdVersions, rollbackAd } from './ad-versions.service.ts';

const tags = ['ads'];
const security = [{ bearerAuth: [] }];

/** An ad's version history under /api/ads/:id/versions and rollback to one of them (decision 031). */
export default async function adVersionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/:id/versions',
    {
      preHandler: app.authorize('ads', 'read'),
      schema: {
        tags,
        security,
        summary: "An ad's saved versions, newest first, each with what it changed",
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(adVersionSchema) }), ...errorResponses },
      },
    },
    async (request) => ({
      data: await listAdVersions(app.db, await tenancyOf(request), request.scope, request.params.id),
    }),
  );

  app.post(
    '/:id/versions/:version/rollback',
    {
      preHandler: app.authorize('ads', 'update'),
      schema: {
        tags,
        security,
        summary: "Roll an ad back to a version's creative, as a new version (409 if nothing would change)",
        params: adVersionParamsSchema,
        response: { 200: one(adSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { id, version } = request.params;
      const ad = await rollbackAd(app.db, await tenancyOf(request), request.scope, id, version);
      await app.events.publish({ type: 'ads.changed', adIds: [ad.id] });
      return { data: ad };
    },
  );
}
