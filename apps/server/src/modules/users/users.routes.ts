import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  userCreatedSchema,
  userCreateSchema,
  userListQuerySchema,
  userSchema,
  userUpdateSchema,
} from '@adloop/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { createUser, deactivateUser, getUser, listUsers, resetUserPassword, updateUser } from './users.service.ts';

const tags = ['users'];
const security = [{ bearerAuth: [] }];

/** Staff accounts, base path /api/users. */
export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('users', 'read'),
      schema: {
        tags,
        security,
        summary: 'Users the caller may see',
        querystring: userListQuerySchema,
        response: { 200: listOf(userSchema), ...errorResponses },
      },
    },
    async (request) => listUsers(app.db, await tenancyOf(request), request.scope, request.query),
  );

  app.get(
    '/:id',
    {
      preHandler: app.authorize('users', 'read'),
      schema: {
        tags,
        security,
        summary: 'One user',
        params: idParamsSchema,
        response: { 200: one(userSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getUser(app.db, await tenancyOf(request), request.scope, request.params.id) }),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('users', 'create'),
      schema: {
        tags,
        security,
        summary: 'Onboard a user; the temporary password is answered once (409 when the email is taken)',
        body: userCreateSchema,
        response: { 201: one(userCreatedSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createUser(app.db, await tenancyOf(request), request.scope, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.patch(
    '/:id',
    {
      preHandler: app.authorize('users', 'update'),
      schema: {
        tags,
        security,
        summary: 'Edit a user, their role and memberships; deactivating ends their sessions',
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: one(userSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateUser(app.db, await tenancyOf(request), request.scope, request.params.id, request.body),
    }),
  );

  app.post(
    '/:id/reset-password',
    {
      preHandler: app.authorize('users', 'update'),
      schema: {
        tags,
        security,
        summary: 'Give a user a new temporary password (answered once); ends their sessions and lifts a sign-in lock',
        params: idParamsSchema,
        response: { 200: one(userCreatedSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await resetUserPassword(app.db, await tenancyOf(request), request.scope, request.params.id),
    }),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authorize('users', 'delete'),
      schema: {
        tags,
        security,
        summary: 'Deactivate a user (their history stays) and end their sessions',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deactivateUser(app.db, await tenancyOf(request), request.scope, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
