import { idParamsSchema, one } from '@adloop/contract/common';
import { currentRateCardSchema, rateCardCreateSchema, rateCardSchema } from '@adloop/contract/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { createCard, currentCards, listCards, withdrawCard } from './pricing.service.ts';

const tags = ['pricing'];
const security = [{ bearerAuth: [] }];

/** Rate cards, base path /api/rate-cards (decision 033). */
export default async function rateCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/current',
    {
      schema: {
        tags,
        summary: 'The rate card in force now and the next one scheduled (public: the pricing page reads it)',
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
    {
      preHandler: app.authorize('rateCards', 'read'),
      schema: {
        tags,
        security,
        summary: 'Every rate card, newest effective first, with the one in force',
        response: { 200: z.object({ data: z.array(rateCardSchema) }), ...errorResponses },
      },
    },
    async () => ({ data: await listCards(app.db) }),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('rateCards', 'create'),
      schema: {
        tags,
        security,
        summary: 'Schedule a new rate card (never backdated; 409 when another takes effect at the same instant)',
        body: rateCardCreateSchema,
        response: { 201: one(rateCardSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const card = await createCard(app.db, request.body, request.staff!.user.id);
      app.pricing.forgetCards();
      return reply.code(201).send({ data: card });
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authorize('rateCards', 'delete'),
      schema: {
        tags,
        security,
        summary: 'Withdraw a scheduled rate card (409 once it is in force)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await withdrawCard(app.db, request.params.id);
      app.pricing.forgetCards();
      return reply.code(204).send(null);
    },
  );
}
