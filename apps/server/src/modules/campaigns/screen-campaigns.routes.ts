import { screenCampaignListQuerySchema, screenCampaignSchema } from '@adloop/contract/screen-campaigns';
import type { FastifyInstance } from 'fastify';
import { resourceRoutes } from '../../lib/staff-route.ts';
import { getScreenCampaign, listScreenCampaigns } from './screen-campaigns.service.ts';

/**
 * Campaigns on screens under /api/screen-campaigns (decision 087): the booked campaigns reaching
 * the caller's screens, with those screens' plays and no money. Read only.
 */
export default async function screenCampaignRoutes(fastify: FastifyInstance) {
  const routes = resourceRoutes(fastify, 'campaigns', 'screenCampaigns', screenCampaignSchema);
  routes.list(
    "Booked, delivering and completed campaigns reaching the caller's screens: their plays there, no money",
    screenCampaignListQuerySchema,
    listScreenCampaigns,
  );
  routes.one("One campaign as the caller's screens see it (404 unless it is booked to play on one)", getScreenCampaign);
}
