import {
  adCreateSchema,
  adListQuerySchema,
  adReachQuerySchema,
  adReachSchema,
  adSchema,
  adUpdateSchema,
} from '@adloop/contract/ads';
import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createAd, deleteAd, getAd, listAds, reachOf, updateAd } from './ads.service.ts';

export default async function adRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'ads');

  app.get(
    '/',
    guard('ads', 'read', {
      summary: 'Ads the caller may see',
      querystring: adListQuerySchema,
      response: { 200: listOf(adSchema) },
    }),
    async (request) => listAds(request.ctx, request.query),
  );

  app.get(
    '/reach',
    guard('ads', 'create', {
      summary: 'How many active screens, in how many outlets, a targeting reaches (comma-separated lists)',
      querystring: adReachQuerySchema,
      response: { 200: one(adReachSchema) },
    }),
    async (request) => ({ data: await reachOf(app.db, request.query) }),
  );

  app.get(
    '/:id',
    guard('ads', 'read', { summary: 'One ad', params: idParamsSchema, response: { 200: one(adSchema) } }),
    async (request) => ({ data: await getAd(request.ctx, request.params.id) }),
  );

  app.post(
    '/',
    guard('ads', 'create', {
      summary: 'Create an ad (a draft, or pending review; a global admin may publish it at once)',
      body: adCreateSchema,
      response: { 201: one(adSchema) },
    }),
    async (request, reply) => reply.code(201).send({ data: await createAd(request.ctx, request.body) }),
  );

  app.patch(
    '/:id',
    guard('ads', 'update', {
      summary: 'Edit an ad (a new version; screens playing it are told)',
      params: idParamsSchema,
      body: adUpdateSchema,
      response: { 200: one(adSchema) },
    }),
    async (request) => ({ data: await updateAd(request.ctx, request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    guard('ads', 'delete', {
      summary: 'Delete an ad that never played (else 409: pause it)',
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deleteAd(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
