import { adCreateSchema, adSchema, adStatusSchema, adUpdateSchema } from '@adloop/contract/ads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { createAd, getAd, listAds, updateAd } from './ads.service.ts';

const idParams = z.object({ id: z.uuid('id must be a UUID') });
const listQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    q: z.string().trim().max(200).optional(),
    status: adStatusSchema.optional(),
  })
  .strict();
const security = [{ bearerAuth: [] }];

export default async function adRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('ads', 'read'),
      schema: {
        tags: ['ads'],
        summary: 'Ads the caller may see',
        security,
        querystring: listQuery,
        response: {
          200: z.object({
            data: z.array(adSchema),
            meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => listAds(app.db, await tenancyOf(request), request.scope, request.query),
  );

  app.get(
    '/:id',
    {
      preHandler: app.authorize('ads', 'read'),
      schema: {
        tags: ['ads'],
        summary: 'One ad',
        security,
        params: idParams,
        response: { 200: z.object({ data: adSchema }), ...errorResponses },
      },
    },
    async (request) => ({ data: await getAd(app.db, await tenancyOf(request), request.scope, request.params.id) }),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('ads', 'create'),
      schema: {
        tags: ['ads'],
        summary: 'Create an ad',
        security,
        body: adCreateSchema,
        response: { 201: z.object({ data: adSchema }), ...errorResponses },
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
        tags: ['ads'],
        summary: 'Edit an ad (a new version; screens playing it are told)',
        security,
        params: idParams,
        body: adUpdateSchema,
        response: { 200: z.object({ data: adSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const ad = await updateAd(app.db, await tenancyOf(request), request.scope, request.params.id, request.body);
      await app.events.publish({ type: 'ads.changed', adIds: [ad.id] });
      return { data: ad };
    },
  );
}
