import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  userCreatedSchema,
  userCreateSchema,
  userListQuerySchema,
  userSchema,
  userUpdateSchema,
} from '@adloop/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createUser, deactivateUser, getUser, listUsers, resetUserPassword, updateUser } from './users.service.ts';

/** Staff accounts, base path /api/users. */
export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'users');

  app.get(
    '/',
    guard('users', 'read', {
      summary: 'Users the caller may see',
      querystring: userListQuerySchema,
      response: { 200: listOf(userSchema) },
    }),
    async (request) => listUsers(request.ctx, request.query),
  );

  app.get(
    '/:id',
    guard('users', 'read', {
      summary: 'One user',
      params: idParamsSchema,
      response: { 200: one(userSchema) },
    }),
    async (request) => ({ data: await getUser(request.ctx, request.params.id) }),
  );

  app.post(
    '/',
    guard('users', 'create', {
      summary: 'Onboard a user; the temporary password is answered once (409 when the email is taken)',
      body: userCreateSchema,
      response: { 201: one(userCreatedSchema) },
    }),
    async (request, reply) => {
      const created = await createUser(request.ctx, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.patch(
    '/:id',
    guard('users', 'update', {
      summary: 'Edit a user, their role and memberships; deactivating ends their sessions',
      params: idParamsSchema,
      body: userUpdateSchema,
      response: { 200: one(userSchema) },
    }),
    async (request) => ({
      data: await updateUser(request.ctx, request.params.id, request.body),
    }),
  );

  app.post(
    '/:id/reset-password',
    guard('users', 'update', {
      summary: 'Give a user a new temporary password (answered once); ends their sessions and lifts a sign-in lock',
      params: idParamsSchema,
      response: { 200: one(userCreatedSchema) },
    }),
    async (request) => ({
      data: await resetUserPassword(request.ctx, request.params.id),
    }),
  );

  app.delete(
    '/:id',
    guard('users', 'delete', {
      summary: 'Deactivate a user (their history stays) and end their sessions',
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deactivateUser(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
