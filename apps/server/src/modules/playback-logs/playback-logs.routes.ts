import {
  playbackBatchResponseSchema,
  playbackBatchSchema,
  playbackLogQuerySchema,
  playbackLogSchema,
} from '@adloop/contract/screen';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { listPlays } from './playback-logs.query.ts';
import { ingestPlays } from './playback-logs.service.ts';

export default async function playbackLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/log',
    {
      preHandler: app.requireScreen,
      schema: {
        tags: ['playback logs'],
        summary: 'Record a batch of plays from the signed-in screen (duplicates ignored)',
        security: [{ screenBearer: [] }],
        body: playbackBatchSchema,
        response: { 200: playbackBatchResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await ingestPlays(app.db, app.screenCache.adCompanies, request.screen!, request.body.logs),
    }),
  );

  app.get(
    '/',
    {
      preHandler: app.authorize('playbackLogs', 'read'),
      schema: {
        tags: ['playback logs'],
        summary: 'Plays the caller may see, newest first, paged by cursor',
        security: [{ bearerAuth: [] }],
        querystring: playbackLogQuerySchema,
        response: {
          200: z.object({ data: z.array(playbackLogSchema), meta: z.object({ nextCursor: z.string().nullable() }) }),
          ...errorResponses,
        },
      },
    },
    async (request) => listPlays(app.db, await loadTenancy(app.db, request.staff!.user), request.scope, request.query),
  );
}
