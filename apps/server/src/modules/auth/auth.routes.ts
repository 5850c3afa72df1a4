import { errorBodySchema } from '@adloop/contract/api';
import {
  loginBodySchema,
  loginResponseSchema,
  passwordChooseSchema,
  verifyResponseSchema,
} from '@adloop/contract/auth';
import { passwordChangeSchema, profileUpdateSchema } from '@adloop/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, staffSessionSecurity } from '../../lib/schemas.ts';
import { staffRoutes } from '../../lib/staff-route.ts';
import { login, logout } from './auth.service.ts';
import { changePassword, choosePassword, updateProfile } from './profile.service.ts';

/** Per-IP ceiling on sign-in attempts across all accounts (docs/design.md §4a). */
const LOGIN_IP_LIMIT = { max: 60, timeWindow: '1 minute' };
const PASSWORD_CHANGE_LIMIT = { max: 20, timeWindow: '15 minutes' };

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'auth');

  app.post(
    '/login',
    {
      config: { rateLimit: LOGIN_IP_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Sign a staff user in',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await login(app.db, app.jwtSecret, {
        email: request.body.email,
        password: request.body.password,
        deviceToken: request.body.device_token,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return {
        data: {
          token: result.token,
          user: result.user,
          expires_at: result.expiresAt.toISOString(),
          device_token: result.deviceToken,
          password_change_token: result.passwordChangeToken,
        },
      };
    },
  );

  app.post(
    '/verify',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['auth'],
        summary: 'Return the signed-in user of a bearer token',
        security: staffSessionSecurity,
        response: { 200: verifyResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: { user: request.caller.user } }),
  );

  app.post(
    '/logout',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['auth'],
        summary: 'End the session of the bearer token',
        security: staffSessionSecurity,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await logout(request.ctx);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/profile',
    guard('profile', 'update', {
      summary: 'Edit your own name, phone number and whether alerts reach you by e-mail',
      body: profileUpdateSchema,
      response: { 200: verifyResponseSchema },
    }),
    async (request) => ({ data: { user: await updateProfile(request.ctx, request.body) } }),
  );

  app.post(
    '/change-password',
    {
      // Guessing the current password with a stolen token is throttled like sign-in.
      config: { rateLimit: PASSWORD_CHANGE_LIMIT },
      ...guard('profile', 'update', {
        summary: 'Change your password; your other sessions end, this one stays',
        body: passwordChangeSchema,
        response: { 204: z.null() },
      }),
    },
    async (request, reply) => {
      await changePassword(request.ctx, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/choose-password',
    {
      config: { rateLimit: PASSWORD_CHANGE_LIMIT },
      ...guard('profile', 'update', {
        summary:
          "First sign-in: choose your own password with the sign-in answer's password_change_token instead of the temporary one (decision 089)",
        body: passwordChooseSchema,
        response: { 204: z.null(), 410: errorBodySchema },
      }),
    },
    async (request, reply) => {
      await choosePassword(request.ctx, app.jwtSecret, request.body);
      return reply.code(204).send(null);
    },
  );
}
