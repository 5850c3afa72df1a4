import { adSchema } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

const adResponseSchema = one(adSchema);

export function adQueryKey(id: string) {
  return [...ADS_QUERY_KEY, 'detail', id] as const;
}

export async function getAd(id: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/ads/${encodeURIComponent(id)}`, { signal });
  return adResponseSchema.parse(body).data;
}

export function adQueryOptions(id: string) {
  return queryOptions({ queryKey: adQueryKey(id), queryFn: ({ signal }) => getAd(id, signal) });
}

export function useAd(id: string) {
  return useQuery(adQueryOptions(id));
}
