import { type AdTargetingInput, adReachSchema } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { adResource } from '@/lib/resources/ads';

const reachResponseSchema = one(adReachSchema);

const listParam = (values: string[] | undefined) => (values && values.length > 0 ? values.join(',') : undefined);

/** How many active screens, in how many outlets, a targeting reaches (GET /api/ads/reach). */
export async function getAdReach(targeting: AdTargetingInput, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ads/reach', {
    query: {
      tags: listParam(targeting.tags),
      outlet_ids: listParam(targeting.outlet_ids),
      pincodes: listParam(targeting.pincodes),
      cities: listParam(targeting.cities),
    },
    signal,
  });
  return reachResponseSchema.parse(body).data;
}

export function adReachQueryOptions(targeting: AdTargetingInput) {
  return queryOptions({
    queryKey: [...adResource.keys.all, 'reach', targeting],
    queryFn: ({ signal }) => getAdReach(targeting, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useAdReach(targeting: AdTargetingInput) {
  return useQuery(adReachQueryOptions(targeting));
}
