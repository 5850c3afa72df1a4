import { one } from '@adloop/contract/common';
import { availabilityQuerySchema, availabilitySchema } from '@adloop/contract/inventory';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { availability } from './availability.service.ts';
import { campaignReservedPlays } from './reserved-plays.ts';

export default async function inventoryRoutes(fastify: FastifyInstance) {
  const guard = staffRoutes(fastify, 'inventory');
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A read with a body (a targeting and dayparts do not fit a query string); whoever may make ads
  // may see the network's inventory, as they may see a targeting's reach.
  app.post(
    '/availability',
    guard('ads', 'create', {
      summary:
        'Plays a line item could still take per screen reached × local date × hour of its flight, and in total (issue 20)',
      body: availabilityQuerySchema,
      response: { 200: one(availabilitySchema) },
    }),
    async (request) => ({
      data: await availability(request.ctx, request.body, { reservedPlays: campaignReservedPlays(request.ctx.db) }),
    }),
  );
}
