import { variantSchema } from '@adloop/contract/variants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adQueryKey } from '@/features/ads/api/get-ad';
import { http } from '@/lib/http';

const variantsResponseSchema = z.object({ data: z.array(variantSchema) });

/** Under the ad's own key, so whatever refreshes the ad refreshes its variants too. */
export function adVariantsQueryKey(id: string) {
  return [...adQueryKey(id), 'variants'] as const;
}

export async function getAdVariants(id: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/ads/${encodeURIComponent(id)}/variants`, { signal });
  return variantsResponseSchema.parse(body).data;
}

export function adVariantsQueryOptions(id: string) {
  return queryOptions({ queryKey: adVariantsQueryKey(id), queryFn: ({ signal }) => getAdVariants(id, signal) });
}

export function useAdVariants(id: string) {
  return useQuery(adVariantsQueryOptions(id));
}
