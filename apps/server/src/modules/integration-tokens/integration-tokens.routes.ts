import { idParamsSchema, one } from '@adloop/contract/common';
import { mayManageIntegrationTokens } from '@adloop/contract/integration-token-rules';
import {
  integrationTokenCreatedSchema,
  integrationTokenCreateSchema,
  integrationTokenListQuerySchema,
  integrationTokenListSchema,
  integrationTokenSchema,
  integrationTokenUsesQuerySchema,
  integrationTokenUsesSchema,
} from '@adloop/contract/integration-tokens';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-error.ts';
import { errorResponses, staffSessionSecurity } from '../../lib/schemas.ts';
import {
  createIntegrationToken,
  getIntegrationToken,
  listIntegrationTokens,
  listIntegrationTokenUses,
  revokeIntegrationToken,
} from './integration-tokens.service.ts';

const TAG = 'integration tokens';
/** A person's session only: an integration token never manages tokens (plugins/auth.ts refuses it on requireStaff). */
const security = staffSessionSecurity;

/**
 * Integration tokens (decision 095), base path /api/integration-tokens: a company admin's for
 * their companies, a global admin's for any company or the whole network. Guarded by role rather
 * than the permission matrix (the decision says why); the caller's scope is then `all` for a
 * global admin and `own` for a company admin, which the service narrows by.
 */
export default async function integrationTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manager = async (request: FastifyRequest) => {
    const { role } = request.caller;
    if (!mayManageIntegrationTokens(role)) {
      throw forbidden('Only company admins and global admins manage integration tokens');
    }
    request.caller = { ...request.caller, scope: role === 'GLOBAL_ADMIN' ? 'all' : 'own' };
  };
  const preHandler = [...app.requireStaffReady, manager];

  app.get(
    '/',
    {
      preHandler,
      schema: {
        tags: [TAG],
        summary: 'The integration tokens the caller manages, newest first, with when each was last used',
        security,
        querystring: integrationTokenListQuerySchema,
        response: { 200: integrationTokenListSchema, ...errorResponses },
      },
    },
    (request) => listIntegrationTokens(request.ctx, request.query),
  );

  app.post(
    '/',
    {
      preHandler,
      schema: {
        tags: [TAG],
        summary: 'Create an integration token; its secret (`token`) is answered this once and never again',
        security,
        body: integrationTokenCreateSchema,
        response: { 201: one(integrationTokenCreatedSchema), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createIntegrationToken(request.ctx, request.body) }),
  );

  app.get(
    '/:id',
    {
      preHandler,
      schema: {
        tags: [TAG],
        summary: 'One integration token (never its secret)',
        security,
        params: idParamsSchema,
        response: { 200: one(integrationTokenSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getIntegrationToken(request.ctx, request.params.id) }),
  );

  app.post(
    '/:id/revoke',
    {
      preHandler,
      schema: {
        tags: [TAG],
        summary: 'Revoke an integration token: its next request is refused; its audit stays',
        security,
        params: idParamsSchema,
        response: { 200: one(integrationTokenSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await revokeIntegrationToken(request.ctx, request.params.id) }),
  );

  app.get(
    '/:id/uses',
    {
      preHandler,
      schema: {
        tags: [TAG],
        summary: "An integration token's requests, newest first: method, route, answer, when and from where",
        security,
        params: idParamsSchema,
        querystring: integrationTokenUsesQuerySchema,
        response: { 200: integrationTokenUsesSchema, ...errorResponses },
      },
    },
    (request) => listIntegrationTokenUses(request.ctx, request.params.id, request.query),
  );
}
