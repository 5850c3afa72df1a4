import { idParamsSchema, one } from '@adloop/contract/common';
import {
  screenCreateSchema,
  screenListQuerySchema,
  screenSchema,
  screenUpdateSchema,
  screenWithPasscodeSchema,
} from '@adloop/contract/screens';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../lib/staff-route.ts';
import { createScreen, deleteScreen, getScreen, listScreens, resetPasscode, updateScreen } from './screens.service.ts';

/** Display screens as staff manage them, base path /api/ad-screens. */
export default async function screenRoutes(fastify: FastifyInstance) {
  const routes = resourceRoutes(fastify, 'screens', 'screens', screenSchema);
  routes.list('Screens the caller may see, with live online state', screenListQuerySchema, listScreens);
  routes.one('One screen', getScreen);
  routes.create(
    'Add a screen to an outlet; its 6-digit passcode is answered once (409 when the code is taken)',
    screenCreateSchema,
    createScreen,
    screenWithPasscodeSchema,
  );
  routes.update('Edit a screen; disabling it ends its sessions', screenUpdateSchema, updateScreen);
  routes.remove('Delete a screen that never played (else 409: disable it)', deleteScreen);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/:id/reset-passcode',
    routes.guard('screens', 'update', {
      summary: 'New passcode, answered once; clears a lock and ends the sessions of the old one',
      params: idParamsSchema,
      response: { 200: one(screenWithPasscodeSchema) },
    }),
    async (request) => ({ data: await resetPasscode(request.ctx, request.params.id) }),
  );
}
