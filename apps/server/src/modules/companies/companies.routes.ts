import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  companyCreateSchema,
  companyListQuerySchema,
  companySchema,
  companyUpdateSchema,
} from '@adloop/contract/companies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from './companies.service.ts';

/** Advertisers, base path /api/ad-company. */
export default async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'companies');

  app.get(
    '/',
    guard('companies', 'read', {
      summary: 'Companies the caller may see',
      querystring: companyListQuerySchema,
      response: { 200: listOf(companySchema) },
    }),
    async (request) => listCompanies(request.ctx, request.query),
  );

  app.get(
    '/:id',
    guard('companies', 'read', {
      summary: 'One company',
      params: idParamsSchema,
      response: { 200: one(companySchema) },
    }),
    async (request) => ({ data: await getCompany(request.ctx, request.params.id) }),
  );

  app.post(
    '/',
    guard('companies', 'create', {
      summary: 'Onboard a company (409 when the name is taken)',
      body: companyCreateSchema,
      response: { 201: one(companySchema) },
    }),
    async (request, reply) => reply.code(201).send({ data: await createCompany(app.db, request.body) }),
  );

  app.patch(
    '/:id',
    guard('companies', 'update', {
      summary: 'Edit a company; deactivating it takes its ads off every screen',
      params: idParamsSchema,
      body: companyUpdateSchema,
      response: { 200: one(companySchema) },
    }),
    async (request) => ({ data: await updateCompany(request.ctx, request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    guard('companies', 'delete', {
      summary: 'Delete a company with no ads, users or transactions (else 409: deactivate it)',
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deleteCompany(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
