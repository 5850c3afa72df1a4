import { idParamsSchema, one } from '@adloop/contract/common';
import {
  userCreatedSchema,
  userCreateSchema,
  userListQuerySchema,
  userSchema,
  userUpdateSchema,
} from '@adloop/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../lib/staff-route.ts';
import { createUser, deactivateUser, getUser, listUsers, resetUserPassword, updateUser } from './users.service.ts';

/** Staff accounts, base path /api/users. */
export default async function userRoutes(fastify: FastifyInstance) {
  const routes = resourceRoutes(fastify, 'users', 'users', userSchema);
  routes.list('Users the caller may see', userListQuerySchema, listUsers);
  routes.one('One user', getUser);
  routes.create(
    'Onboard a user; the temporary password is answered once (409 when the email is taken)',
    userCreateSchema,
    createUser,
    userCreatedSchema,
  );
  routes.update(
    'Edit a user, their role and memberships; deactivating ends their sessions',
    userUpdateSchema,
    updateUser,
  );
  routes.remove('Deactivate a user (their history stays) and end their sessions', deactivateUser);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/:id/reset-password',
    routes.guard('users', 'update', {
      summary: 'Give a user a new temporary password (answered once); ends their sessions and lifts a sign-in lock',
      params: idParamsSchema,
      response: { 200: one(userCreatedSchema) },
    }),
    async (request) => ({ data: await resetUserPassword(request.ctx, request.params.id) }),
  );
}
