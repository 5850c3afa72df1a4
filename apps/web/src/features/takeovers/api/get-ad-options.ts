import { adSchema } from '@adloop/contract/ads';
import { listOf } from '@adloop/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TAKEOVERS_QUERY_KEY } from '@/features/takeovers/api/get-takeovers';
import { http } from '@/lib/http';

const adListSchema = listOf(adSchema);

/** Active ads the caller may put on screens (outlet staff: those that play on their screens), by title. */
export async function getTakeoverAds(q: string, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ads', {
    query: { status: 'ACTIVE', pageSize: 50, sort: 'title', q: q || undefined },
    signal,
  });
  return adListSchema.parse(body).data;
}

export function useTakeoverAds(q: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...TAKEOVERS_QUERY_KEY, 'ads', q],
      queryFn: ({ signal }) => getTakeoverAds(q, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
