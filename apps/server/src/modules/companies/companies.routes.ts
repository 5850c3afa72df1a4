import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  companyCreateSchema,
  companyListQuerySchema,
  companySchema,
  companyUpdateSchema,
} from '@adloop/contract/companies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from './companies.service.ts';

const tags = ['companies'];
const security = [{ bearerAuth: [] }];

/** Advertisers, base path /api/ad-company. */
export default async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('companies', 'read'),
      schema: {
        tags,
        security,
        summary: 'Companies the caller may see',
        querystring: companyListQuerySchema,
        response: { 200: listOf(companySchema), ...errorResponses },
      },
    },
    async (request) => listCompanies(app.db, await tenancyOf(request), request.scope, request.query),
  );

  app.get(
    '/:id',
    {
      preHandler: app.authorize('companies', 'read'),
      schema: {
        tags,
        security,
        summary: 'One company',
        params: idParamsSchema,
        response: { 200: one(companySchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await getCompany(app.db, await tenancyOf(request), request.scope, request.params.id),
    }),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('companies', 'create'),
      schema: {
        tags,
        security,
        summary: 'Onboard a company (409 when the name is taken)',
        body: companyCreateSchema,
        response: { 201: one(companySchema), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createCompany(app.db, request.body) }),
  );

  app.patch(
    '/:id',
    {
      preHandler: app.authorize('companies', 'update'),
      schema: {
        tags,
        security,
        summary: 'Edit a company; deactivating it takes its ads off every screen',
        params: idParamsSchema,
        body: companyUpdateSchema,
        response: { 200: one(companySchema), ...errorResponses },
      },
    },
    async (request) => {
      const tenancy = await tenancyOf(request);
      const { company, affectedAdIds } = await updateCompany(
        app.db,
        tenancy,
        request.scope,
        request.params.id,
        request.body,
      );
      if (affectedAdIds.length > 0) await app.events.publish({ type: 'ads.changed', adIds: affectedAdIds });
      return { data: company };
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authorize('companies', 'delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a company with no ads, users or transactions (else 409: deactivate it)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteCompany(app.db, await tenancyOf(request), request.scope, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
