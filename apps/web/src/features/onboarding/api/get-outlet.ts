import { one } from '@adloop/contract/common';
import { outletSchema } from '@adloop/contract/outlets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OUTLETS_QUERY_KEY } from '@/features/onboarding/api/get-outlets';
import { http } from '@/lib/http';

const outletResponseSchema = one(outletSchema);

export function outletQueryKey(id: string) {
  return [...OUTLETS_QUERY_KEY, 'detail', id] as const;
}

export async function getOutlet(id: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/outlets/${encodeURIComponent(id)}`, { signal });
  return outletResponseSchema.parse(body).data;
}

export function outletQueryOptions(id: string) {
  return queryOptions({ queryKey: outletQueryKey(id), queryFn: ({ signal }) => getOutlet(id, signal) });
}

export function useOutlet(id: string) {
  return useQuery(outletQueryOptions(id));
}
