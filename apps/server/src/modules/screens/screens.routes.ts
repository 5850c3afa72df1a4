import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  screenCreateSchema,
  screenListQuerySchema,
  screenSchema,
  screenUpdateSchema,
  screenWithPasscodeSchema,
} from '@adloop/contract/screens';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createScreen, deleteScreen, getScreen, listScreens, resetPasscode, updateScreen } from './screens.service.ts';

/** Display screens as staff manage them, base path /api/ad-screens. */
export default async function screenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'screens');

  app.get(
    '/',
    guard('screens', 'read', {
      summary: 'Screens the caller may see, with live online state',
      querystring: screenListQuerySchema,
      response: { 200: listOf(screenSchema) },
    }),
    async (request) => listScreens(request.ctx, request.query),
  );

  app.get(
    '/:id',
    guard('screens', 'read', { summary: 'One screen', params: idParamsSchema, response: { 200: one(screenSchema) } }),
    async (request) => ({ data: await getScreen(request.ctx, request.params.id) }),
  );

  app.post(
    '/',
    guard('screens', 'create', {
      summary: 'Add a screen to an outlet; its 6-digit passcode is answered once (409 when the code is taken)',
      body: screenCreateSchema,
      response: { 201: one(screenWithPasscodeSchema) },
    }),
    async (request, reply) => reply.code(201).send({ data: await createScreen(request.ctx, request.body) }),
  );

  app.patch(
    '/:id',
    guard('screens', 'update', {
      summary: 'Edit a screen; disabling it ends its sessions',
      params: idParamsSchema,
      body: screenUpdateSchema,
      response: { 200: one(screenSchema) },
    }),
    async (request) => ({ data: await updateScreen(request.ctx, request.params.id, request.body) }),
  );

  app.post(
    '/:id/reset-passcode',
    guard('screens', 'update', {
      summary: 'New passcode, answered once; clears a lock and ends the sessions of the old one',
      params: idParamsSchema,
      response: { 200: one(screenWithPasscodeSchema) },
    }),
    async (request) => ({ data: await resetPasscode(request.ctx, request.params.id) }),
  );

  app.delete(
    '/:id',
    guard('screens', 'delete', {
      summary: 'Delete a screen that never played (else 409: disable it)',
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deleteScreen(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
