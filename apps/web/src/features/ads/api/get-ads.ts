import { adListQuerySchema, adSchema } from '@adloop/contract/ads';
import { listOf } from '@adloop/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type AdListQuery = z.output<typeof adListQuerySchema>;

const adListSchema = listOf(adSchema);

/** Every query of the ads feature starts with this key, so a change to an ad refreshes them all. */
export const ADS_QUERY_KEY = ['ads'] as const;

export async function getAds(query: AdListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ads', { query: adListQuerySchema.parse(query), signal });
  return adListSchema.parse(body);
}

export function adsQueryOptions(query: AdListQuery) {
  return queryOptions({
    queryKey: [...ADS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getAds(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAds(query: AdListQuery) {
  return useQuery(adsQueryOptions(query));
}
