import { campaignQuoteSchema } from '@adloop/contract/campaign-booking';
import { campaignDeliverySchema } from '@adloop/contract/campaign-delivery';
import {
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignSchema,
  campaignUpdateSchema,
  lineItemCreateSchema,
  lineItemParamsSchema,
  lineItemSchema,
  lineItemUpdateSchema,
} from '@adloop/contract/campaigns';
import { idParamsSchema, one } from '@adloop/contract/common';
import { shortfallResolutionCreateSchema, shortfallResolutionSchema } from '@adloop/contract/make-goods';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceRoutes } from '../../lib/staff-route.ts';
import { bookCampaign, cancelCampaign, holdCampaign, quoteCampaign } from './booking.service.ts';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './campaigns.service.ts';
import { campaignDelivery } from './delivery.service.ts';
import { createLineItem, deleteLineItem, getLineItem, listLineItems, updateLineItem } from './line-items.service.ts';
import { resolveShortfall } from './make-good.service.ts';

/**
 * Campaigns under /api/campaigns and their line items under /api/campaigns/:id/line-items (issue 20).
 * Only a DRAFT changes here (409 otherwise); a line item's writes are edits of its campaign.
 */
export default async function campaignRoutes(fastify: FastifyInstance) {
  const routes = resourceRoutes(fastify, 'campaigns', 'campaigns', campaignSchema);
  routes.list('Campaigns the caller may see, newest first', campaignListQuerySchema, listCampaigns);
  routes.one('One campaign', getCampaign);
  routes.create('Create a draft campaign', campaignCreateSchema, createCampaign);
  routes.update('Edit a draft campaign (409 once it is held or booked)', campaignUpdateSchema, updateCampaign);
  routes.remove('Delete a draft campaign and its line items (409 once it is held or booked)', deleteCampaign);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = routes.guard;

  // Quoting writes nothing: whoever reads a campaign may price it. Holding, booking and cancelling
  // change its status, as edits do.
  app.post(
    '/:id/quote',
    guard('campaigns', 'read', {
      summary: "Plan and price a campaign's line items over the inventory other campaigns leave (writes nothing)",
      params: idParamsSchema,
      response: { 200: one(campaignQuoteSchema) },
    }),
    async (request) => ({ data: await quoteCampaign(request.ctx, request.params.id) }),
  );

  app.get(
    '/:id/delivery',
    guard('campaigns', 'read', {
      summary:
        'Delivered against booked per line item and local date, the progress ratio, the forecast and any shortfall (from stored proof of play)',
      params: idParamsSchema,
      response: { 200: one(campaignDeliverySchema) },
    }),
    async (request) => ({ data: await campaignDelivery(request.ctx, request.params.id) }),
  );

  const transitions = [
    [
      'hold',
      'Hold a draft campaign for 24 hours: its guaranteed plans reserve their inventory (409 naming what fits)',
      holdCampaign,
    ],
    [
      'book',
      'Book a draft or held campaign: inventory and budget reserved (409 naming what fits, or the budget)',
      bookCampaign,
    ],
    [
      'cancel',
      'Cancel a draft, held, booked or active campaign; its reservations and plans of hours not begun are freed',
      cancelCampaign,
    ],
  ] as const;
  for (const [verb, summary, move] of transitions) {
    app.post(
      `/:id/${verb}`,
      guard('campaigns', 'update', { summary, params: idParamsSchema, response: { 200: one(campaignSchema) } }),
      async (request) => ({ data: await move(request.ctx, request.params.id) }),
    );
  }

  app.get(
    '/:id/line-items',
    guard('campaigns', 'read', {
      summary: "A campaign's line items, by start of flight",
      params: idParamsSchema,
      response: { 200: z.object({ data: z.array(lineItemSchema) }) },
    }),
    async (request) => ({ data: await listLineItems(request.ctx, request.params.id) }),
  );

  app.get(
    '/:id/line-items/:lineItemId',
    guard('campaigns', 'read', {
      summary: 'One line item of a campaign',
      params: lineItemParamsSchema,
      response: { 200: one(lineItemSchema) },
    }),
    async (request) => ({ data: await getLineItem(request.ctx, request.params.id, request.params.lineItemId) }),
  );

  app.post(
    '/:id/line-items',
    guard('campaigns', 'update', {
      summary: 'Add a line item (a flight with its goal, pacing, targeting and approved ads) to a draft campaign',
      params: idParamsSchema,
      body: lineItemCreateSchema,
      response: { 201: one(lineItemSchema) },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await createLineItem(request.ctx, request.params.id, request.body) }),
  );

  app.patch(
    '/:id/line-items/:lineItemId',
    guard('campaigns', 'update', {
      summary: "Edit a draft campaign's line item",
      params: lineItemParamsSchema,
      body: lineItemUpdateSchema,
      response: { 200: one(lineItemSchema) },
    }),
    async (request) => {
      const { id, lineItemId } = request.params;
      return { data: await updateLineItem(request.ctx, id, lineItemId, request.body) };
    },
  );

  app.delete(
    '/:id/line-items/:lineItemId',
    guard('campaigns', 'update', {
      summary: "Delete a draft campaign's line item",
      params: lineItemParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deleteLineItem(request.ctx, request.params.id, request.params.lineItemId);
      return reply.code(204).send(null);
    },
  );

  // Only a global admin settles what a guaranteed line item that ended short is owed; its
  // company's staff read the offer and the outcome in the delivery answer (decision 086).
  app.post(
    '/:id/line-items/:lineItemId/shortfall-resolution',
    guard('campaigns', 'resolve', {
      summary:
        "Settle, once, a completed campaign's guaranteed line item that ended short: a make-good (a booked campaign delivering the shortfall, paid by a credit) or a credit of the shortfall's share of its quoted price",
      params: lineItemParamsSchema,
      body: shortfallResolutionCreateSchema,
      response: { 201: one(shortfallResolutionSchema) },
    }),
    async (request, reply) => {
      const { id, lineItemId } = request.params;
      return reply.code(201).send({ data: await resolveShortfall(request.ctx, id, lineItemId, request.body) });
    },
  );
}
