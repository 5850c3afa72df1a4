import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  companyUserMappingCreateSchema,
  companyUserMappingListQuerySchema,
  companyUserMappingSchema,
  outletUserMappingCreateSchema,
  outletUserMappingListQuerySchema,
  outletUserMappingSchema,
} from '@adloop/contract/user-mappings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import {
  createCompanyMapping,
  createOutletMapping,
  deleteCompanyMapping,
  deleteOutletMapping,
  listCompanyMappings,
  listOutletMappings,
} from './user-mappings.service.ts';

/** Which users belong to which company, base path /api/company-user-mapping. */
export async function companyUserMappingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'users');

  app.get(
    '/',
    guard('users', 'read', {
      summary: 'Company memberships the caller may see',
      querystring: companyUserMappingListQuerySchema,
      response: { 200: listOf(companyUserMappingSchema) },
    }),
    async (request) => listCompanyMappings(request.ctx, request.query),
  );

  app.post(
    '/',
    guard('users', 'create', {
      summary: 'Put a company-role user without a company into one (409 when they have one)',
      body: companyUserMappingCreateSchema,
      response: { 201: one(companyUserMappingSchema) },
    }),
    async (request, reply) => {
      const mapping = await createCompanyMapping(request.ctx, request.body);
      return reply.code(201).send({ data: mapping });
    },
  );

  app.delete(
    '/:id',
    guard('users', 'delete', {
      summary: "Remove a membership (409 for an active company user's only company)",
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deleteCompanyMapping(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Which users work at which outlet, base path /api/outlet-user-mapping. */
export async function outletUserMappingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'users');

  app.get(
    '/',
    guard('users', 'read', {
      summary: 'Outlet memberships the caller may see',
      querystring: outletUserMappingListQuerySchema,
      response: { 200: listOf(outletUserMappingSchema) },
    }),
    async (request) => listOutletMappings(request.ctx, request.query),
  );

  app.post(
    '/',
    guard('users', 'create', {
      summary: 'Put an outlet-role user on one more outlet (409 when already there)',
      body: outletUserMappingCreateSchema,
      response: { 201: one(outletUserMappingSchema) },
    }),
    async (request, reply) => {
      const mapping = await createOutletMapping(request.ctx, request.body);
      return reply.code(201).send({ data: mapping });
    },
  );

  app.delete(
    '/:id',
    guard('users', 'delete', {
      summary: "Take a user off an outlet (409 for an active outlet user's last outlet)",
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deleteOutletMapping(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
