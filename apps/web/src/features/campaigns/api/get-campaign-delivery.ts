import { campaignDeliverySchema } from '@adloop/contract/campaign-delivery';
import { one } from '@adloop/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { http } from '@/lib/http';

const deliveryResponseSchema = one(campaignDeliverySchema);

/** Delivery grows as screens send their plays; the page asks again this often, without a reload. */
export const DELIVERY_REFRESH_MS = 30_000;

/** GET /api/campaigns/:id/delivery; its failure is shown in the section's place, not toasted every 30 s. */
export async function getCampaignDelivery(campaignId: string, signal?: AbortSignal) {
  const path = `${campaignResource.pathOf(campaignId)}/delivery`;
  return deliveryResponseSchema.parse(await http.get<unknown>(path, { signal, silent: true })).data;
}

export function campaignDeliveryOptions(campaignId: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...campaignResource.keys.all, 'delivery', campaignId],
    queryFn: ({ signal }) => getCampaignDelivery(campaignId, signal),
    enabled,
    refetchInterval: DELIVERY_REFRESH_MS,
    retry: false,
  });
}

export const useCampaignDelivery = (campaignId: string, enabled: boolean) =>
  useQuery(campaignDeliveryOptions(campaignId, enabled));
