import { spendQuerySchema, spendSchema } from '@adloop/contract/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { adTransactionResource } from '@/lib/resources/ad-transactions';

export type SpendQuery = z.output<typeof spendQuerySchema>;

/** What companies' plays cost at the rate card over a period, per ad, beside what they paid. */
export async function getSpend(query: SpendQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ad-transaction/spend', { query: spendQuerySchema.parse(query), signal });
  return spendSchema.parse(body).data;
}

export function spendQueryOptions(query: SpendQuery) {
  return queryOptions({
    queryKey: [...adTransactionResource.keys.all, 'spend', query],
    queryFn: ({ signal }) => getSpend(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSpend(query: SpendQuery) {
  return useQuery(spendQueryOptions(query));
}
