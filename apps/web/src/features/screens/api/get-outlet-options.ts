import { listOf } from '@adloop/contract/common';
import { outletSchema } from '@adloop/contract/outlets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const outletOptionsSchema = listOf(outletSchema.pick({ id: true, name: true, outlet_code: true, city: true }));

/** Outlets a screen can belong to, already scoped to the caller's own (GET /api/outlets). */
export async function getOutletOptions(q: string, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/outlets', {
    query: { q: q || undefined, pageSize: 50, sort: 'name' },
    signal,
  });
  return outletOptionsSchema.parse(body).data;
}

export function outletOptionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['screens', 'outlet-options', q],
    queryFn: ({ signal }) => getOutletOptions(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutletOptions(q: string) {
  return useQuery(outletOptionsQueryOptions(q));
}
