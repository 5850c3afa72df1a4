import { campaignQuoteSchema } from '@adloop/contract/campaign-booking';
import { one } from '@adloop/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { http } from '@/lib/http';

const quoteResponseSchema = one(campaignQuoteSchema);

export const quoteKey = (campaignId: string) => [...campaignResource.keys.all, 'quote', campaignId] as const;

/** POST /api/campaigns/:id/quote: plans and prices the saved draft, writing nothing. */
export async function quoteCampaign(campaignId: string, signal?: AbortSignal) {
  const path = `${campaignResource.pathOf(campaignId)}/quote`;
  return quoteResponseSchema.parse(await http.post<unknown>(path, undefined, { signal, silent: true })).data;
}

export function quoteOptions(campaignId: string, enabled: boolean) {
  return queryOptions({
    queryKey: quoteKey(campaignId),
    queryFn: ({ signal }) => quoteCampaign(campaignId, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const useCampaignQuote = (campaignId: string, enabled: boolean) => useQuery(quoteOptions(campaignId, enabled));
