import { errorBodySchema } from '@adloop/contract/api';
import {
  ARCHIVED_MONTHS_HEADER,
  playbackExportRequestSchema,
  playbackExportSchema,
  playbackLogPageSchema,
} from '@adloop/contract/reports';
import { playbackBatchResponseSchema, playbackBatchSchema, playbackLogQuerySchema } from '@adloop/contract/screen';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentResponse, publicSecurity, screenErrorResponses, screenSecurity } from '../../lib/schemas.ts';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createExportTicket, playsCsv, redeemExportTicket } from './playback-logs.export.ts';
import { archivedMonthsOf, listPlays } from './playback-logs.query.ts';
import { ingestPlays } from './playback-logs.service.ts';

export default async function playbackLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'playback logs');
  app.post(
    '/log',
    {
      preHandler: app.requireScreen,
      schema: {
        tags: ['playback logs'],
        summary: 'Record a batch of plays from the signed-in screen (duplicates ignored)',
        security: screenSecurity,
        body: playbackBatchSchema,
        response: { 200: playbackBatchResponseSchema, ...screenErrorResponses },
      },
    },
    async (request) => {
      const result = await ingestPlays(
        app.db,
        app.screenCache.adCompanies,
        request.screen!,
        request.body,
        app.pricing,
        app.mediaDurations,
      );
      app.metrics.recordPlays(result);
      return { data: result };
    },
  );

  app.get(
    '/',
    guard('playbackLogs', 'read', {
      summary: 'Plays the caller may see, newest first, paged by cursor',
      querystring: playbackLogQuerySchema,
      response: { 200: playbackLogPageSchema },
    }),
    // The list and the CSV may come from the streaming replica (decision 098); ingestion writes to the primary.
    async (request) => app.replicaRead(request.ctx, (ctx) => listPlays(ctx, request.query)),
  );

  app.post(
    '/exports',
    {
      ...guard('playbackLogs', 'read', {
        summary: 'A short-lived download link for the filtered plays as CSV',
        body: playbackExportRequestSchema,
        response: { 200: playbackExportSchema },
      }),
      // Signs a link and writes nothing: the caller's next reads need not wait for the replica.
      config: { readsOnly: true },
    },
    async (request) => ({ data: await createExportTicket(app.jwtSecret, request.caller, request.body) }),
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags: ['playback logs'],
        summary: 'Stream the plays of an export link as CSV (the ticket is the credential)',
        security: publicSecurity,
        querystring: z.object({ ticket: z.string().min(1).max(4096) }).strict(),
        response: {
          200: contentResponse(
            `The plays as CSV, streamed; the header ${ARCHIVED_MONTHS_HEADER} names the archived months the period reaches (decision 097)`,
            'text/csv',
          ),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const redeemed = await redeemExportTicket(app.db, app.jwtSecret, request.query.ticket);
      const day = new Date().toISOString().slice(0, 10);
      // A CSV has no place for a note: the archived months the period reaches are named in a header (decision 097).
      const archived = await archivedMonthsOf({ db: app.db, caller: redeemed.caller }, redeemed.filters);
      if (archived.length > 0) reply.header(ARCHIVED_MONTHS_HEADER, archived.map((month) => month.month).join(','));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="adloop-plays-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(playsCsv(await app.readDatabaseFor(redeemed.caller.userId), redeemed));
    },
  );
}
