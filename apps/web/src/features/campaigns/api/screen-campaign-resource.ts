import { screenCampaignListQuerySchema, screenCampaignSchema } from '@adloop/contract/screen-campaigns';
import { defineResource } from '@/lib/resources/define-resource';

/**
 * Campaigns on screens (/api/screen-campaigns, decision 087): read only, what is booked on the
 * caller's screens with their plays there and no money. Refreshed while shown, as plays come in.
 */
export const screenCampaignResource = defineResource({
  name: 'screenCampaigns',
  path: '/api/screen-campaigns',
  entity: screenCampaignSchema,
  listQuery: screenCampaignListQuerySchema,
  refetchInterval: 60_000,
});
