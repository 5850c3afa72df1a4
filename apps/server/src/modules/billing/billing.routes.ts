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
import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import {
  createTransaction,
  getTransaction,
  listTransactions,
  transactionTotals,
  updateTransaction,
} from './ad-transactions.service.ts';
import { createPayouts, getPayouts, listPayouts, markPaid, proposePayout } from './screen-payouts.service.ts';
import { spendSummary } from './spend.service.ts';

const security = [{ bearerAuth: [] }];

/** /api/ad-transaction: what advertisers paid. */
export async function adTransactionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);
  const tags = ['billing'];

  app.get(
    '/',
    {
      preHandler: app.authorize('adTransactions', 'read'),
      schema: {
        tags,
        summary: 'Ad transactions',
        security,
        querystring: adTransactionListQuerySchema,
        response: { 200: listOf(adTransactionSchema), ...errorResponses },
      },
    },
    async (request) => listTransactions(app.db, await tenancyOf(request), request.scope, request.query),
  );
  app.get(
    '/totals',
    {
      preHandler: app.authorize('adTransactions', 'read'),
      schema: {
        tags,
        summary: 'Totals per company and currency over a period',
        security,
        querystring: adTransactionTotalsQuerySchema,
        response: { 200: adTransactionTotalsSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await transactionTotals(app.db, await tenancyOf(request), request.scope, request.query),
    }),
  );
  app.get(
    '/spend',
    {
      preHandler: app.authorize('adTransactions', 'read'),
      schema: {
        tags,
        summary: "What companies' plays cost at the rate card over a period, per ad, beside what they paid",
        security,
        querystring: spendQuerySchema,
        response: { 200: spendSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await spendSummary(app.db, await tenancyOf(request), request.scope, request.query),
    }),
  );
  app.get(
    '/:id',
    {
      preHandler: app.authorize('adTransactions', 'read'),
      schema: {
        tags,
        summary: 'One ad transaction',
        security,
        params: idParamsSchema,
        response: { 200: one(adTransactionSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getTransaction(app.db, await tenancyOf(request), request.scope, request.params.id),
    }),
  );
  app.post(
    '/',
    {
      preHandler: app.authorize('adTransactions', 'create'),
      schema: {
        tags,
        summary: 'Record an ad transaction',
        security,
        body: adTransactionCreateSchema,
        response: { 201: one(adTransactionSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createTransaction(
        app.db,
        await tenancyOf(request),
        request.scope,
        request.body,
        request.staff!.user.id,
      );
      return reply.code(201).send({ data: created });
    },
  );
  app.patch(
    '/:id',
    {
      preHandler: app.authorize('adTransactions', 'update'),
      schema: {
        tags,
        summary: "Change a transaction's status or reference",
        security,
        params: idParamsSchema,
        body: adTransactionUpdateSchema,
        response: { 200: one(adTransactionSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateTransaction(app.db, await tenancyOf(request), request.scope, request.params.id, request.body),
    }),
  );
}

/** /api/screen-payout: what outlets earn for their screens. */
export async function screenPayoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);
  const tags = ['billing'];

  app.get(
    '/',
    {
      preHandler: app.authorize('screenPayouts', 'read'),
      schema: {
        tags,
        summary: 'Screen payouts',
        security,
        querystring: screenPayoutListQuerySchema,
        response: { 200: listOf(screenPayoutSchema), ...errorResponses },
      },
    },
    async (request) => listPayouts(app.db, await tenancyOf(request), request.scope, request.query),
  );
  app.get(
    '/proposal',
    {
      preHandler: app.authorize('screenPayouts', 'create'),
      schema: {
        tags,
        summary: 'The proposed payout per screen for a period, with its working',
        security,
        querystring: screenPayoutProposalQuerySchema,
        response: { 200: screenPayoutProposalSchema, ...errorResponses },
      },
    },
    async (request) => {
      const proposal = await proposePayout(app.db, await tenancyOf(request), request.scope, request.query);
      return { data: { ...proposal, currency: 'INR' } };
    },
  );
  app.post(
    '/',
    {
      preHandler: app.authorize('screenPayouts', 'create'),
      schema: {
        tags,
        summary: 'Record the payouts of a screen or an outlet for a period',
        security,
        body: screenPayoutCreateSchema,
        response: { 201: z.object({ data: z.array(screenPayoutSchema) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenancy = await tenancyOf(request);
      const ids = await createPayouts(app.db, tenancy, request.scope, request.body, request.staff!.user.id);
      return reply.code(201).send({ data: await getPayouts(app.db, tenancy, request.scope, ids) });
    },
  );
  app.post(
    '/:id/pay',
    {
      preHandler: app.authorize('screenPayouts', 'update'),
      schema: {
        tags,
        summary: 'Mark a payout paid',
        security,
        params: idParamsSchema,
        body: screenPayoutPaySchema,
        response: { 200: one(screenPayoutSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await markPaid(app.db, await tenancyOf(request), request.scope, request.params.id, request.body),
    }),
  );
}
