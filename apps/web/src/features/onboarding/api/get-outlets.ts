import { listOf } from '@adloop/contract/common';
import { outletListQuerySchema, outletSchema } from '@adloop/contract/outlets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type OutletListQuery = z.output<typeof outletListQuerySchema>;

const outletListSchema = listOf(outletSchema);

/** Every outlet query starts with this key, so a change to one refreshes them all. */
export const OUTLETS_QUERY_KEY = ['onboarding', 'outlets'] as const;

export async function getOutlets(query: OutletListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/outlets', { query: outletListQuerySchema.parse(query), signal });
  return outletListSchema.parse(body);
}

export function outletsQueryOptions(query: OutletListQuery) {
  return queryOptions({
    queryKey: [...OUTLETS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getOutlets(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutlets(query: OutletListQuery) {
  return useQuery(outletsQueryOptions(query));
}
