import { adVersionSchema } from '@adloop/contract/ads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { adResource } from '@/lib/resources/ads';

const adVersionsResponseSchema = z.object({ data: z.array(adVersionSchema) });

/** Under the ad's own key, so whatever refreshes the ad refreshes its history too. */
export function adVersionsQueryKey(id: string) {
  return [...adResource.keys.detail(id), 'versions'] as const;
}

export async function getAdVersions(id: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`${adResource.pathOf(id)}/versions`, { signal });
  return adVersionsResponseSchema.parse(body).data;
}

export function adVersionsQueryOptions(id: string) {
  return queryOptions({ queryKey: adVersionsQueryKey(id), queryFn: ({ signal }) => getAdVersions(id, signal) });
}

export function useAdVersions(id: string) {
  return useQuery(adVersionsQueryOptions(id));
}
