import { idParamsSchema, one } from '@adloop/contract/common';
import { currentRateCardSchema, rateCardCreateSchema, rateCardSchema } from '@adloop/contract/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, publicSecurity } from '../../lib/schemas.ts';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createCard, currentCards, listCards, withdrawCard } from './pricing.service.ts';

/** Rate cards, base path /api/rate-cards (decision 033). */
export default async function rateCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'pricing');

  app.get(
    '/current',
    {
      schema: {
        tags: ['pricing'],
        summary: 'The rate card in force now and the next one scheduled (public: the pricing page reads it)',
        security: publicSecurity,
        response: { 200: currentRateCardSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=10');
      return { data: await currentCards(app.db) };
    },
  );

  app.get(
    '/',
    guard('rateCards', 'read', {
      summary: 'Every rate card, newest effective first, with the one in force',
      response: { 200: z.object({ data: z.array(rateCardSchema) }) },
    }),
    async (request) => ({ data: await listCards(request.ctx) }),
  );

  app.post(
    '/',
    guard('rateCards', 'create', {
      summary: 'Schedule a new rate card (never backdated; 409 when another takes effect at the same instant)',
      body: rateCardCreateSchema,
      response: { 201: one(rateCardSchema) },
    }),
    async (request, reply) => reply.code(201).send({ data: await createCard(request.ctx, request.body) }),
  );

  app.delete(
    '/:id',
    guard('rateCards', 'delete', {
      summary: 'Withdraw a scheduled rate card (409 once it is in force)',
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await withdrawCard(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
