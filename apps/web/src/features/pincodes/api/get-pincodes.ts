import { listOf } from '@adloop/contract/common';
import { pincodeListQuerySchema, pincodeSchema } from '@adloop/contract/pincodes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type PincodeListQuery = z.output<typeof pincodeListQuerySchema>;

const pincodeListSchema = listOf(pincodeSchema);

/** Every pincode query starts with this key (the outlet form's lookup too), so a change refreshes them all. */
export const PINCODES_QUERY_KEY = ['pincodes'] as const;

export async function getPincodes(query: PincodeListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/pincode', { query: pincodeListQuerySchema.parse(query), signal });
  return pincodeListSchema.parse(body);
}

export function pincodesQueryOptions(query: PincodeListQuery) {
  return queryOptions({
    queryKey: [...PINCODES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getPincodes(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePincodes(query: PincodeListQuery) {
  return useQuery(pincodesQueryOptions(query));
}
