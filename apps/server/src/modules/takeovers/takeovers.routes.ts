import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  screenTakeoverSchema,
  takeoverListQuerySchema,
  takeoverSchema,
  takeoverStartSchema,
} from '@adloop/contract/takeovers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { activeTakeoverForScreen } from './screen-takeover.service.ts';
import { endTakeover, listTakeovers, screensOfTakeover, startTakeover } from './takeovers.service.ts';

const tags = ['takeovers'];
const security = [{ bearerAuth: [] }];

/** Emergency takeovers as staff start and end them, base path /api/takeovers (decision 035). */
export default async function takeoverRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('takeovers', 'read'),
      schema: {
        tags,
        security,
        summary: 'Takeovers touching the screens the caller may see, newest first (status=active for the running ones)',
        querystring: takeoverListQuerySchema,
        response: { 200: listOf(takeoverSchema), ...errorResponses },
      },
    },
    async (request) => listTakeovers(app.db, await tenancyOf(request), request.query),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('takeovers', 'create'),
      schema: {
        tags,
        security,
        summary: 'Put an urgent message or an ad on the chosen screens at once',
        body: takeoverStartSchema,
        response: { 201: one(takeoverSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const takeover = await startTakeover(app.db, await tenancyOf(request), request.scope, request.body);
      await app.events.publish({
        type: 'takeover.changed',
        takeoverId: takeover.id,
        screenIds: await screensOfTakeover(app.db, takeover.id),
        action: 'started',
      });
      return reply.code(201).send({ data: takeover });
    },
  );

  app.post(
    '/:id/end',
    {
      preHandler: app.authorize('takeovers', 'update'),
      schema: {
        tags,
        security,
        summary: 'End a takeover on all its screens; they go back to their loop (409 when it already ended)',
        params: idParamsSchema,
        response: { 200: one(takeoverSchema), ...errorResponses },
      },
    },
    async (request) => {
      const takeover = await endTakeover(app.db, await tenancyOf(request), request.params.id);
      await app.events.publish({
        type: 'takeover.changed',
        takeoverId: takeover.id,
        screenIds: await screensOfTakeover(app.db, takeover.id),
        action: 'ended',
      });
      return { data: takeover };
    },
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
        security: [{ screenBearer: [] }],
        response: { 200: one(screenTakeoverSchema.nullable()), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await activeTakeoverForScreen(app.db, request.screen!.screenId) };
    },
  );
}
