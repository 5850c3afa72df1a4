import { errorBodySchema } from '@adloop/contract/api';
import { screenAdSchema, screenAuthBodySchema, screenSessionSchema, screenSignInSchema } from '@adloop/contract/screen';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentResponse,
  errorResponses,
  publicSecurity,
  screenErrorResponses,
  screenSecurity,
} from '../../lib/schemas.ts';
import { COMPRESS_MIN_BYTES, responseEncoding } from '../../plugins/compression.ts';
import { encodedAdList, toCachedAdList } from '../../plugins/screen-cache.ts';
import { listAdsForScreen } from '../ads/screen-ads.service.ts';
import { recordServedList } from '../playback-logs/served-lists.ts';
import { authenticateScreen, renewScreenSession } from './screen-auth.service.ts';
import { streamScreenEvents } from './screen-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Closers of open event streams, ended when the server closes. */
    screenStreams: Set<() => void>;
  }
}

export default async function screenAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.decorate('screenStreams', new Set<() => void>());
  app.addHook('preClose', async () => {
    for (const close of [...app.screenStreams]) close();
  });

  app.post(
    '/authenticate',
    {
      schema: {
        tags: ['screens'],
        summary: 'Sign a display screen in with its screen code and passcode',
        security: publicSecurity,
        body: screenAuthBodySchema,
        response: { 200: z.object({ data: screenSignInSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const session = await authenticateScreen(app.db, app.jwtSecret, {
        screenCode: request.body.screen_code,
        passcode: request.body.pass_code,
        deviceToken: request.body.device_token,
        ip: request.ip,
      });
      return { data: session };
    },
  );

  app.post(
    '/verify',
    {
      preHandler: app.requireScreen,
      schema: {
        tags: ['screens'],
        summary: "Check a screen's session and hand it a renewed token",
        security: screenSecurity,
        response: { 200: z.object({ data: screenSessionSchema }), ...screenErrorResponses },
      },
    },
    async (request) => ({ data: await renewScreenSession(app.jwtSecret, request.screen!) }),
  );

  app.get(
    '/ads',
    {
      preHandler: app.requireScreen,
      // Compressed here from the cached list, not per request by the compression plugin.
      compress: false,
      schema: {
        tags: ['screens'],
        summary: 'The ads this screen plays, in order',
        security: screenSecurity,
        response: { 200: z.object({ data: z.array(screenAdSchema) }), 304: z.null(), ...screenErrorResponses },
      },
    },
    async (request, reply) => {
      const screenId = request.screen!.screenId;
      let list = app.screenCache.adLists.get(screenId);
      if (!list) {
        const ads = await listAdsForScreen(app.db, request.screen!);
        // Plays are judged against what the screen was handed (decision 036).
        await recordServedList(app.db, screenId, ads);
        list = toCachedAdList({ data: ads });
        app.screenCache.adLists.set(screenId, list);
      }
      reply.header('cache-control', 'no-cache').header('etag', list.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === list.etag) return reply.code(304).send(null);
      // Serialised (and compressed) once per change; the hot path sends the stored bytes as they are.
      const encoding =
        list.body.length >= COMPRESS_MIN_BYTES ? responseEncoding(request.headers['accept-encoding']) : undefined;
      if (encoding) reply.header('content-encoding', encoding);
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(encoding ? encodedAdList(list, encoding) : list.body);
    },
  );

  app.get(
    '/events',
    {
      preHandler: app.requireScreen,
      // An event must reach the screen when it is written, not when a compressor flushes.
      compress: false,
      schema: {
        tags: ['screens'],
        summary: 'Server-sent events for this screen (ads-changed, session-ended)',
        security: screenSecurity,
        response: {
          200: contentResponse('An event stream, open until the screen or the server ends it', 'text/event-stream'),
          401: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    (request, reply) => streamScreenEvents(app, request, reply),
  );
}
