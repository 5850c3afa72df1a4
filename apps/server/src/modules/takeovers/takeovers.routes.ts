import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  screenTakeoverSchema,
  takeoverListQuerySchema,
  takeoverSchema,
  takeoverStartSchema,
} from '@adloop/contract/takeovers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { screenErrorResponses, screenSecurity } from '../../lib/schemas.ts';
import { staffRoutes } from '../../lib/staff-route.ts';
import { activeTakeoverForScreen } from './screen-takeover.service.ts';
import { endTakeover, listTakeovers, startTakeover } from './takeovers.service.ts';

/** Emergency takeovers as staff start and end them, base path /api/takeovers (decision 035). */
export default async function takeoverRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'takeovers');

  app.get(
    '/',
    guard('takeovers', 'read', {
      summary: 'Takeovers touching the screens the caller may see, newest first (status=active for the running ones)',
      querystring: takeoverListQuerySchema,
      response: { 200: listOf(takeoverSchema) },
    }),
    async (request) => listTakeovers(request.ctx, request.query),
  );

  app.post(
    '/',
    guard('takeovers', 'create', {
      summary: 'Put an urgent message or an ad on the chosen screens at once',
      body: takeoverStartSchema,
      response: { 201: one(takeoverSchema) },
    }),
    async (request, reply) => reply.code(201).send({ data: await startTakeover(request.ctx, request.body) }),
  );

  app.post(
    '/:id/end',
    guard('takeovers', 'update', {
      summary: 'End a takeover on all its screens; they go back to their loop (409 when it already ended)',
      params: idParamsSchema,
      response: { 200: one(takeoverSchema) },
    }),
    async (request) => ({ data: await endTakeover(request.ctx, request.params.id) }),
  );
}

/** The screen's side, under /api/screen-auth: the takeover it shows now, or null. */
export async function screenTakeoverRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/takeover',
    {
      preHandler: app.requireScreen,
      schema: {
        tags: ['screens'],
        summary: 'The emergency takeover this screen shows now (newest active one naming it), or null',
        security: screenSecurity,
        response: { 200: one(screenTakeoverSchema.nullable()), ...screenErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await activeTakeoverForScreen(app.db, request.screen!.screenId) };
    },
  );
}
