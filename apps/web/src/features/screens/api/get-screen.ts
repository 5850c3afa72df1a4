import { one } from '@adloop/contract/common';
import { screenSchema } from '@adloop/contract/screens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SCREEN_STATUS_REFRESH_MS, SCREENS_QUERY_KEY } from '@/features/screens/api/get-screens';
import { http } from '@/lib/http';

const screenResponseSchema = one(screenSchema);

export function screenQueryKey(id: string) {
  return [...SCREENS_QUERY_KEY, 'detail', id] as const;
}

export async function getScreen(id: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/ad-screens/${encodeURIComponent(id)}`, { signal });
  return screenResponseSchema.parse(body).data;
}

export function screenQueryOptions(id: string) {
  return queryOptions({
    queryKey: screenQueryKey(id),
    queryFn: ({ signal }) => getScreen(id, signal),
    refetchInterval: SCREEN_STATUS_REFRESH_MS,
  });
}

export function useScreen(id: string) {
  return useQuery(screenQueryOptions(id));
}
