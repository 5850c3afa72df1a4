import { listOf } from '@adloop/contract/common';
import { outletSchema } from '@adloop/contract/outlets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const outletOptionsSchema = listOf(outletSchema.pick({ id: true, name: true, outlet_code: true }));

/** Outlets a report can be narrowed to, already scoped to the caller (GET /api/outlets). */
export async function getOutletOptions(q: string, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/outlets', {
    query: { q: q || undefined, pageSize: 50, sort: 'name' },
    signal,
  });
  return outletOptionsSchema.parse(body).data;
}

export function outletOptionsQueryOptions(q: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['report-filters', 'outlets', q],
    queryFn: ({ signal }) => getOutletOptions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

export function useOutletOptions(q: string, enabled: boolean) {
  return useQuery(outletOptionsQueryOptions(q, enabled));
}
