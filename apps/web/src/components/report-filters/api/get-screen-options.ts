import { listOf } from '@adloop/contract/common';
import { screenSchema } from '@adloop/contract/screens';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const screenOptionsSchema = listOf(screenSchema.pick({ id: true, screen_code: true, name: true, outlet: true }));

/** Screens a report can be narrowed to, of one outlet when given (GET /api/ad-screens). */
export async function getScreenOptions(q: string, outletId: string | undefined, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ad-screens', {
    query: { q: q || undefined, outlet_id: outletId, pageSize: 50 },
    signal,
  });
  return screenOptionsSchema.parse(body).data;
}

export function screenOptionsQueryOptions(q: string, outletId: string | undefined, enabled: boolean) {
  return queryOptions({
    queryKey: ['report-filters', 'screens', { q, outletId }],
    queryFn: ({ signal }) => getScreenOptions(q, outletId, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

export function useScreenOptions(q: string, outletId: string | undefined, enabled: boolean) {
  return useQuery(screenOptionsQueryOptions(q, outletId, enabled));
}
