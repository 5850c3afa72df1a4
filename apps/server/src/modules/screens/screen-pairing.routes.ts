import { errorBodySchema } from '@adloop/contract/api';
import { idParamsSchema, one } from '@adloop/contract/common';
import {
  pairingClaimBodySchema,
  pairingSessionBodySchema,
  pairingStatusSchema,
  screenPairingSchema,
} from '@adloop/contract/screen-pairing';
import { screenSchema } from '@adloop/contract/screens';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, publicSecurity } from '../../lib/schemas.ts';
import { staffRoutes } from '../../lib/staff-route.ts';
import { claimPairing, createPairing, pairingStatus } from './screen-pairing.service.ts';

/** New codes one address may ask for in a minute: a venue setting up many displays at once fits. */
const PAIRING_CODES_PER_MINUTE = { max: 30, timeWindow: '1 minute' };
/** Asks of waiting displays behind one address: 10 s of 3-second polls from 50 displays. */
const PAIRING_ASKS_PER_MINUTE = { max: 1000, timeWindow: '1 minute' };
const refusals = { ...errorResponses, 410: errorBodySchema };

/**
 * Staff attach a fresh display to a screen (decision 088), under /api/ad-screens: who may edit the
 * screen claims the code its display shows.
 */
export default async function screenPairingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'screens');

  app.post(
    '/:id/pair',
    guard('screens', 'update', {
      summary:
        'Attach the display showing this pairing code to the screen: it is handed a session on its next ask. 404 unknown, 410 expired, 409 used; 20 wrong codes a minute per address (429 beyond)',
      params: idParamsSchema,
      body: pairingClaimBodySchema,
      response: { 200: one(screenSchema), 410: errorBodySchema },
    }),
    async (request) => ({
      data: await claimPairing(request.ctx, request.params.id, request.body.code, request.ip),
    }),
  );
}

/** A fresh display's side of pairing (decision 088), under /api/screen-auth: no token yet. */
export async function displayPairingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/pairing-codes',
    {
      config: { rateLimit: PAIRING_CODES_PER_MINUTE },
      schema: {
        tags: ['screens'],
        summary: 'A pairing code for a display without a session to show, and the secret it asks with',
        security: publicSecurity,
        response: { 201: z.object({ data: screenPairingSchema }), ...errorResponses },
      },
    },
    async (_request, reply) => reply.code(201).send({ data: await createPairing(app.db) }),
  );

  app.post(
    '/pairing-codes/session',
    {
      config: { rateLimit: PAIRING_ASKS_PER_MINUTE },
      schema: {
        tags: ['screens'],
        summary:
          "A waiting display asks whether staff have claimed its code: WAITING, or PAIRED with its screen's session (handed once)",
        security: publicSecurity,
        body: pairingSessionBodySchema,
        response: { 200: z.object({ data: pairingStatusSchema }), ...refusals },
      },
    },
    async (request) => ({ data: await pairingStatus(app.db, app.jwtSecret, request.body.pairing_secret) }),
  );
}
