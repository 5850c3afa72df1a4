import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import {
  screenCreateSchema,
  screenListQuerySchema,
  screenSchema,
  screenUpdateSchema,
  screenWithPasscodeSchema,
} from '@adloop/contract/screens';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { createScreen, deleteScreen, getScreen, listScreens, resetPasscode, updateScreen } from './screens.service.ts';

const tags = ['screens'];
const security = [{ bearerAuth: [] }];

/** Display screens as staff manage them, base path /api/ad-screens. */
export default async function screenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('screens', 'read'),
      schema: {
        tags,
        security,
        summary: 'Screens the caller may see, with live online state',
        querystring: screenListQuerySchema,
        response: { 200: listOf(screenSchema), ...errorResponses },
      },
    },
    async (request) => listScreens(app.db, await tenancyOf(request), request.scope, request.query),
  );

  app.get(
    '/:id',
    {
      preHandler: app.authorize('screens', 'read'),
      schema: {
        tags,
        security,
        summary: 'One screen',
        params: idParamsSchema,
        response: { 200: one(screenSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getScreen(app.db, await tenancyOf(request), request.scope, request.params.id) }),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('screens', 'create'),
      schema: {
        tags,
        security,
        summary: 'Add a screen to an outlet; its 6-digit passcode is answered once (409 when the code is taken)',
        body: screenCreateSchema,
        response: { 201: one(screenWithPasscodeSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createScreen(app.db, await tenancyOf(request), request.scope, request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.patch(
    '/:id',
    {
      preHandler: app.authorize('screens', 'update'),
      schema: {
        tags,
        security,
        summary: 'Edit a screen; disabling it ends its sessions',
        params: idParamsSchema,
        body: screenUpdateSchema,
        response: { 200: one(screenSchema), ...errorResponses },
      },
    },
    async (request) => {
      const tenancy = await tenancyOf(request);
      const { screen, disabled } = await updateScreen(app.db, tenancy, request.scope, request.params.id, request.body);
      await app.events.publish({
        type: 'screen.changed',
        screenId: screen.id,
        reason: disabled ? 'disabled' : 'updated',
      });
      return { data: screen };
    },
  );

  app.post(
    '/:id/reset-passcode',
    {
      preHandler: app.authorize('screens', 'update'),
      schema: {
        tags,
        security,
        summary: 'New passcode, answered once; clears a lock and ends the sessions of the old one',
        params: idParamsSchema,
        response: { 200: one(screenWithPasscodeSchema), ...errorResponses },
      },
    },
    async (request) => {
      const reset = await resetPasscode(app.db, await tenancyOf(request), request.scope, request.params.id);
      await app.events.publish({ type: 'screen.changed', screenId: reset.screen.id, reason: 'passcode-reset' });
      return { data: reset };
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authorize('screens', 'delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a screen that never played (else 409: disable it)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteScreen(app.db, await tenancyOf(request), request.scope, request.params.id);
      await app.events.publish({ type: 'screen.changed', screenId: request.params.id, reason: 'disabled' });
      return reply.code(204).send(null);
    },
  );
}
