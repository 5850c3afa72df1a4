import {
  adCreateSchema,
  adListQuerySchema,
  adReachQuerySchema,
  adReachSchema,
  adSchema,
  adUpdateSchema,
} from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../lib/staff-route.ts';
import { createAd, deleteAd, getAd, listAds, reachOf, updateAd } from './ads.service.ts';

export default async function adRoutes(fastify: FastifyInstance) {
  const routes = resourceRoutes(fastify, 'ads', 'ads', adSchema);
  routes.list('Ads the caller may see', adListQuerySchema, listAds);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/reach',
    routes.guard('ads', 'create', {
      summary: 'How many active screens, in how many outlets, a targeting reaches (comma-separated lists)',
      querystring: adReachQuerySchema,
      response: { 200: one(adReachSchema) },
    }),
    async (request) => ({ data: await reachOf(request.ctx, request.query) }),
  );

  routes.one('One ad', getAd);
  routes.create(
    'Create an ad (a draft, or pending review; a global admin may publish it at once)',
    adCreateSchema,
    createAd,
  );
  routes.update('Edit an ad (a new version; screens playing it are told)', adUpdateSchema, updateAd);
  routes.remove('Delete an ad that never played (else 409: pause it)', deleteAd);
}
