import { errorBodySchema } from '@adloop/contract/api';
import { one } from '@adloop/contract/common';
import {
  invitationLookupSchema,
  invitationViewSchema,
  passwordSetSchema,
  setPasswordSchema,
} from '@adloop/contract/invitations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, publicSecurity } from '../../lib/schemas.ts';
import { readInvitation, setPasswordWithInvitation } from './invitations.ts';

/** Per-IP, like sign-in: a link's token is 256 random bits, but nobody gets to guess at it freely. */
const INVITATION_LIMIT = { max: 30, timeWindow: '15 minutes' };

/**
 * The invitation link's two calls, signed out, under /api/auth (decision 089). The token travels
 * in the body, never in a URL the server logs.
 */
export default async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/invitation',
    {
      config: { rateLimit: INVITATION_LIMIT },
      schema: {
        tags: ['auth'],
        summary:
          'What an invitation link is now (VALID, USED, EXPIRED, REPLACED, INVALID), and whom it is for while it works',
        security: publicSecurity,
        body: invitationLookupSchema,
        response: { 200: one(invitationViewSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await readInvitation(app.db, request.body.token) }),
  );

  app.post(
    '/set-password',
    {
      config: { rateLimit: INVITATION_LIMIT },
      schema: {
        tags: ['auth'],
        summary:
          'Choose your password through an invitation link, once; then sign in with it (400 for a weak password, 410 for a used, expired or replaced link)',
        security: publicSecurity,
        body: setPasswordSchema,
        response: { 200: one(passwordSetSchema), ...errorResponses, 410: errorBodySchema },
      },
    },
    async (request) => ({ data: await setPasswordWithInvitation(app.db, request.body) }),
  );
}
