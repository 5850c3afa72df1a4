import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  companyUserMappingCreateSchema,
  companyUserMappingListQuerySchema,
  companyUserMappingSchema,
  outletUserMappingCreateSchema,
  outletUserMappingListQuerySchema,
  outletUserMappingSchema,
} from '@adloop/contract/user-mappings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import {
  createCompanyMapping,
  createOutletMapping,
  deleteCompanyMapping,
  deleteOutletMapping,
  listCompanyMappings,
  listOutletMappings,
} from './user-mappings.service.ts';

const tags = ['users'];
const security = [{ bearerAuth: [] }];

/** Which users belong to which company, base path /api/company-user-mapping. */
export async function companyUserMappingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('users', 'read'),
      schema: {
        tags,
        security,
        summary: 'Company memberships the caller may see',
        querystring: companyUserMappingListQuerySchema,
        response: { 200: listOf(companyUserMappingSchema), ...errorResponses },
      },
    },
    async (request) => listCompanyMappings(app.db, await tenancyOf(request), request.scope, request.query),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('users', 'create'),
      schema: {
        tags,
        security,
        summary: 'Put a company-role user without a company into one (409 when they have one)',
        body: companyUserMappingCreateSchema,
        response: { 201: one(companyUserMappingSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mapping = await createCompanyMapping(app.db, await tenancyOf(request), request.scope, request.body);
      return reply.code(201).send({ data: mapping });
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authorize('users', 'delete'),
      schema: {
        tags,
        security,
        summary: "Remove a membership (409 for an active company user's only company)",
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteCompanyMapping(app.db, await tenancyOf(request), request.scope, request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Which users work at which outlet, base path /api/outlet-user-mapping. */
export async function outletUserMappingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('users', 'read'),
      schema: {
        tags,
        security,
        summary: 'Outlet memberships the caller may see',
        querystring: outletUserMappingListQuerySchema,
        response: { 200: listOf(outletUserMappingSchema), ...errorResponses },
      },
    },
    async (request) => listOutletMappings(app.db, await tenancyOf(request), request.scope, request.query),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('users', 'create'),
      schema: {
        tags,
        security,
        summary: 'Put an outlet-role user on one more outlet (409 when already there)',
        body: outletUserMappingCreateSchema,
        response: { 201: one(outletUserMappingSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mapping = await createOutletMapping(app.db, await tenancyOf(request), request.scope, request.body);
      return reply.code(201).send({ data: mapping });
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authorize('users', 'delete'),
      schema: {
        tags,
        security,
        summary: "Take a user off an outlet (409 for an active outlet user's last outlet)",
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteOutletMapping(app.db, await tenancyOf(request), request.scope, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
