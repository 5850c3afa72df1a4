import type { IncomingMessage } from 'node:http';
import { errorBodySchema } from '@adloop/contract/api';
import { idParamsSchema, one } from '@adloop/contract/common';
import { SCREENSHOT_MAX_BYTES } from '@adloop/contract/screen-commands';
import {
  screenCommandBodySchema,
  screenCommandSentSchema,
  screenshotRequestSchema,
  screenshotStateSchema,
  screenshotUploadQuerySchema,
} from '@adloop/contract/screenshots';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/http-error.ts';
import { contentResponse, screenErrorResponses, screenSecurity } from '../../lib/schemas.ts';
import { staffRoutes } from '../../lib/staff-route.ts';
import { readScreenshotBody } from './screenshot-body.ts';
import {
  getScreenshotImage,
  getScreenshotState,
  requestScreenshot,
  saveScreenshot,
  sendScreenCommand,
} from './screenshots.service.ts';

const tags = ['screens'];

/**
 * Seeing and commanding a playing screen (decision 059), under /api/ad-screens: who may manage
 * the screen asks for its picture or tells it to reload; who may read it sees the picture.
 */
export default async function screenshotRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'screens');

  app.post(
    '/:id/screenshot-requests',
    guard('screens', 'update', {
      summary:
        'Ask the screen for a picture of what it shows now; its answer is newer than requested_at. 6 a minute per screen (429 beyond)',
      params: idParamsSchema,
      response: { 202: one(screenshotRequestSchema) },
    }),
    async (request, reply) => reply.code(202).send({ data: await requestScreenshot(request.ctx, request.params.id) }),
  );

  app.get(
    '/:id/screenshot',
    guard('screens', 'read', {
      summary: "The screen's latest screenshot (when, what it showed) and the latest request",
      params: idParamsSchema,
      response: { 200: one(screenshotStateSchema) },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await getScreenshotState(request.ctx, request.params.id) };
    },
  );

  app.get(
    '/:id/screenshot/image',
    guard('screens', 'read', {
      summary: "The screen's latest screenshot, a JPEG (404 when it never sent one)",
      params: idParamsSchema,
      response: { 200: contentResponse('The JPEG', 'image/jpeg', true) },
    }),
    async (request, reply) => {
      const { image } = await getScreenshotImage(request.ctx, request.params.id);
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(image);
    },
  );

  app.post(
    '/:id/commands',
    guard('screens', 'update', {
      summary:
        'Tell the screen to reload its player, or to clear its caches and reload (its unsent plays stay). 6 a minute per screen (429 beyond)',
      params: idParamsSchema,
      body: screenCommandBodySchema,
      response: { 202: one(screenCommandSentSchema) },
    }),
    async (request, reply) =>
      reply.code(202).send({ data: await sendScreenCommand(request.ctx, request.params.id, request.body.command) }),
  );
}

/** The screen's side, under /api/screen-auth: it answers a screenshot-requested event with a JPEG. */
export async function screenScreenshotRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only this plugin's route takes a binary body; it is read after the screen is known, never before.
  app.addContentTypeParser(
    ['image/jpeg', 'application/octet-stream'],
    (request: FastifyRequest, payload: IncomingMessage) =>
      readScreenshotBody(payload, request.headers['content-length']),
  );

  app.post(
    '/screenshots',
    {
      onRequest: app.requireScreen,
      schema: {
        tags,
        summary: `Upload this screen's screenshot (image/jpeg, at most ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB), once per request (409 after)`,
        security: screenSecurity,
        querystring: screenshotUploadQuerySchema,
        response: { 201: one(z.object({ taken_at: z.string() })), ...screenErrorResponses, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { request_id: requestId, ...showing } = request.query;
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw badRequest('The screenshot is empty: send the JPEG as the body (image/jpeg)');
      }
      const saved = await saveScreenshot(app.db, request.screen!.screenId, requestId, request.body, showing);
      return reply.code(201).send({ data: saved });
    },
  );
}
