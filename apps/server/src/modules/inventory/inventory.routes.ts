import { screenAudienceInputSchema, screenAudienceSchema } from '@adloop/contract/audience';
import { idParamsSchema, one } from '@adloop/contract/common';
import { availabilityQuerySchema, availabilitySchema } from '@adloop/contract/inventory';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { getScreenAudience, putScreenAudience } from './audience.service.ts';
import { availability } from './availability.service.ts';
import { campaignReservedPlays } from './reserved-plays.ts';

export default async function inventoryRoutes(fastify: FastifyInstance) {
  const guard = staffRoutes(fastify, 'inventory');
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A read with a body (a targeting and dayparts do not fit a query string); whoever may read
  // campaigns (the advertisers' staff, global admins) may see the network's inventory. Outlet staff
  // make house content but never see other outlets' screens (decision 090).
  app.post(
    '/availability',
    guard('campaigns', 'read', {
      summary:
        'Plays a line item could still take per screen reached × local date × hour of its flight, and in total (issue 20)',
      body: availabilityQuerySchema,
      response: { 200: one(availabilitySchema) },
    }),
    async (request) => ({
      data: await availability(request.ctx, request.body, { reservedPlays: campaignReservedPlays(request.ctx.db) }),
    }),
  );

  app.get(
    '/screens/:id/audience',
    guard('screens', 'read', {
      summary: "A screen's audience estimate: impressions per play for each hour of the week, and its source",
      params: idParamsSchema,
      response: { 200: one(screenAudienceSchema) },
    }),
    async (request) => ({ data: await getScreenAudience(request.ctx, request.params.id) }),
  );
  app.put(
    '/screens/:id/audience',
    guard('screens', 'update', {
      summary: "Set a screen's audience estimate (168 figures, or a default and the hours that differ) and its source",
      params: idParamsSchema,
      body: screenAudienceInputSchema,
      response: { 200: one(screenAudienceSchema) },
    }),
    async (request) => ({ data: await putScreenAudience(request.ctx, request.params.id, request.body) }),
  );
}
