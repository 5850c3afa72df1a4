import {
  adTransactionCreateSchema,
  adTransactionListQuerySchema,
  adTransactionSchema,
  adTransactionTotalsQuerySchema,
  adTransactionTotalsSchema,
  adTransactionUpdateSchema,
  screenPayoutCreateSchema,
  screenPayoutListQuerySchema,
  screenPayoutPaySchema,
  screenPayoutProposalQuerySchema,
  screenPayoutProposalSchema,
  screenPayoutSchema,
  spendQuerySchema,
  spendSchema,
} from '@adloop/contract/billing';
import { idParamsSchema, one } from '@adloop/contract/common';
import { earningsQuerySchema, earningsResponseSchema } from '@adloop/contract/earnings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceRoutes } from '../../lib/staff-route.ts';
import {
  createTransaction,
  getTransaction,
  listTransactions,
  transactionTotals,
  updateTransaction,
} from './ad-transactions.service.ts';
import { outletEarnings } from './earnings.service.ts';
import { createPayouts, getPayouts, listPayouts, markPaid, proposePayout } from './screen-payouts.service.ts';
import { spendSummary } from './spend.service.ts';

/** /api/ad-transaction: what advertisers paid. */
export async function adTransactionRoutes(fastify: FastifyInstance) {
  const routes = resourceRoutes(fastify, 'billing', 'adTransactions', adTransactionSchema);
  routes.list('Ad transactions', adTransactionListQuerySchema, listTransactions);
  routes.one('One ad transaction', getTransaction);
  routes.create('Record an ad transaction', adTransactionCreateSchema, createTransaction);
  routes.update("Change a transaction's status or reference", adTransactionUpdateSchema, updateTransaction);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/totals',
    routes.guard('adTransactions', 'read', {
      summary: 'Totals per company and currency over a period',
      querystring: adTransactionTotalsQuerySchema,
      response: { 200: adTransactionTotalsSchema },
    }),
    async (request) => ({ data: await transactionTotals(request.ctx, request.query) }),
  );
  app.get(
    '/spend',
    routes.guard('adTransactions', 'read', {
      summary: "What companies' plays cost at the rate card over a period, per ad, beside what they paid",
      querystring: spendQuerySchema,
      response: { 200: spendSchema },
    }),
    async (request) => ({ data: await spendSummary(request.ctx, request.query) }),
  );
}

/** /api/screen-payout: what outlets earn for their screens. */
export async function screenPayoutRoutes(fastify: FastifyInstance) {
  const routes = resourceRoutes(fastify, 'billing', 'screenPayouts', screenPayoutSchema);
  routes.list('Screen payouts', screenPayoutListQuerySchema, listPayouts);
  const { guard } = routes;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/earnings',
    guard('screenPayouts', 'read', {
      summary:
        "What the caller's outlets earned since their last payout period (priced as the proposal prices it), per day, paid and next",
      querystring: earningsQuerySchema,
      response: { 200: earningsResponseSchema },
    }),
    async (request) => ({ data: await outletEarnings(request.ctx, request.query) }),
  );
  app.get(
    '/proposal',
    guard('screenPayouts', 'create', {
      summary: 'The proposed payout per screen for a period, with its working',
      querystring: screenPayoutProposalQuerySchema,
      response: { 200: screenPayoutProposalSchema },
    }),
    async (request) => {
      const proposal = await proposePayout(request.ctx, request.query);
      return { data: { ...proposal, currency: 'INR' } };
    },
  );
  app.post(
    '/',
    guard('screenPayouts', 'create', {
      summary: 'Record the payouts of a screen or an outlet for a period',
      body: screenPayoutCreateSchema,
      response: { 201: z.object({ data: z.array(screenPayoutSchema) }) },
    }),
    async (request, reply) => {
      const ids = await createPayouts(request.ctx, request.body);
      return reply.code(201).send({ data: await getPayouts(request.ctx, ids) });
    },
  );
  app.post(
    '/:id/pay',
    guard('screenPayouts', 'update', {
      summary: 'Mark a payout paid',
      params: idParamsSchema,
      body: screenPayoutPaySchema,
      response: { 200: one(screenPayoutSchema) },
    }),
    async (request) => ({
      data: await markPaid(request.ctx, request.params.id, request.body),
    }),
  );
}
