import {
  adCreateSchema,
  adListQuerySchema,
  adReachQuerySchema,
  adReachSchema,
  adSchema,
  adUpdateSchema,
} from '@adloop/contract/ads';
import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { createAd, deleteAd, getAd, listAds, reachOf, updateAd } from './ads.service.ts';

const tags = ['ads'];
const security = [{ bearerAuth: [] }];

export default async function adRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('ads', 'read'),
      schema: {
        tags,
        security,
        summary: 'Ads the caller may see',
        querystring: adListQuerySchema,
        response: { 200: listOf(adSchema), ...errorResponses },
      },
    },
    async (request) => listAds(app.db, await tenancyOf(request), request.scope, request.query),
  );

  app.get(
    '/reach',
    {
      preHandler: app.authorize('ads', 'create'),
      schema: {
        tags,
        security,
        summary: 'How many active screens, in how many outlets, a targeting reaches (comma-separated lists)',
        querystring: adReachQuerySchema,
        response: { 200: one(adReachSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await reachOf(app.db, request.query) }),
  );

  app.get(
    '/:id',
    {
      preHandler: app.authorize('ads', 'read'),
      schema: {
        tags,
        security,
        summary: 'One ad',
        params: idParamsSchema,
        response: { 200: one(adSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getAd(app.db, await tenancyOf(request), request.scope, request.params.id) }),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('ads', 'create'),
      schema: {
        tags,
        security,
        summary: 'Create an ad (a draft, or pending review; a global admin may publish it at once)',
        body: adCreateSchema,
        response: { 201: one(adSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenancy = await tenancyOf(request);
      const ad = await createAd(app.db, tenancy, request.scope, request.body, request.staff!.user.id);
      if (ad.status === 'ACTIVE') await app.events.publish({ type: 'ads.changed', adIds: [ad.id] });
      return reply.code(201).send({ data: ad });
    },
  );

  app.patch(
    '/:id',
    {
      preHandler: app.authorize('ads', 'update'),
      schema: {
        tags,
        security,
        summary: 'Edit an ad (a new version; screens playing it are told)',
        params: idParamsSchema,
        body: adUpdateSchema,
        response: { 200: one(adSchema), ...errorResponses },
      },
    },
    async (request) => {
      const ad = await updateAd(app.db, await tenancyOf(request), request.scope, request.params.id, request.body);
      await app.events.publish({ type: 'ads.changed', adIds: [ad.id] });
      return { data: ad };
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authorize('ads', 'delete'),
      schema: {
        tags,
        security,
        summary: 'Delete an ad that never played (else 409: pause it)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ad = await deleteAd(app.db, await tenancyOf(request), request.scope, request.params.id);
      await app.events.publish({ type: 'ads.changed', adIds: [ad.id] });
      return reply.code(204).send(null);
    },
  );
}
