import { errorBodySchema } from '@adloop/contract/api';
import { idParamsSchema, one } from '@adloop/contract/common';
import {
  userCreatedSchema,
  userCreateSchema,
  userInvitedSchema,
  userListQuerySchema,
  userPasswordResetSchema,
  userSchema,
  userUpdateSchema,
} from '@adloop/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../lib/staff-route.ts';
import type { InvitationSender, InvitationSettings } from './invitations.ts';
import { resendInvitation, resetUserPassword } from './user-passwords.service.ts';
import { createUser, deactivateUser, getUser, listUsers, updateUser } from './users.service.ts';

/** An invitation's e-mail may not flood anyone's mailbox. */
const RESEND_LIMIT = { max: 10, timeWindow: '10 minutes' };

/**
 * The origin an invitation's link points at (decision 089): PUBLIC_URL; else the origin the
 * inviting browser sent, which is the dashboard's address as its users reach it; else this request's.
 */
function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const origin = request.headers.origin;
  if (origin && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

/** Staff accounts, base path /api/users. */
export default async function userRoutes(fastify: FastifyInstance, opts: { invitations?: InvitationSettings } = {}) {
  const routes = resourceRoutes(fastify, 'users', 'users', userSchema);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const mailer = opts.invitations?.mailer;
  const sender = (request: FastifyRequest): InvitationSender | undefined =>
    mailer && {
      mailer,
      origin: publicOrigin(request, opts.invitations?.publicUrl),
      inviter: { id: request.caller.userId, name: request.caller.user.name },
      logFailure: (error) => request.log.warn({ err: error }, 'invitation e-mail not sent'),
    };

  routes.list('Users the caller may see', userListQuerySchema, listUsers);
  routes.one('One user', getUser);
  app.post(
    '/',
    routes.guard('users', 'create', {
      summary:
        'Onboard a user: the temporary password is answered once, or with SMTP_URL set an invitation link is e-mailed instead (409 when the email is taken)',
      body: userCreateSchema,
      response: { 201: one(userCreatedSchema) },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await createUser(request.ctx, request.body, sender(request)) }),
  );
  routes.update(
    'Edit a user, their role and memberships; deactivating ends their sessions',
    userUpdateSchema,
    updateUser,
  );
  routes.remove('Deactivate a user (their history stays) and end their sessions', deactivateUser);

  app.post(
    '/:id/reset-password',
    routes.guard('users', 'update', {
      summary: 'Give a user a new temporary password (answered once); ends their sessions and lifts a sign-in lock',
      params: idParamsSchema,
      response: { 200: one(userPasswordResetSchema) },
    }),
    async (request) => ({ data: await resetUserPassword(request.ctx, request.params.id) }),
  );

  app.post(
    '/:id/invitation',
    {
      config: { rateLimit: RESEND_LIMIT },
      ...routes.guard('users', 'update', {
        summary:
          'E-mail a user who has not chosen a password yet a new invitation link; the older one stops working (409 without SMTP_URL, 502 when the mail server refuses)',
        params: idParamsSchema,
        response: { 200: one(userInvitedSchema), 502: errorBodySchema },
      }),
    },
    async (request) => ({ data: await resendInvitation(request.ctx, request.params.id, sender(request)) }),
  );
}
