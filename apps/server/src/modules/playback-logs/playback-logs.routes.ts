import { playbackBatchResponseSchema, playbackBatchSchema } from '@adloop/contract/screen';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
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
    async (request) => ({ data: await ingestPlays(app.db, request.screen!, request.body.logs) }),
  );
}
