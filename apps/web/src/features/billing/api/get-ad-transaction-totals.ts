import { adTransactionTotalsQuerySchema, adTransactionTotalsSchema } from '@adloop/contract/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { adTransactionResource } from '@/lib/resources/ad-transactions';

export type AdTransactionTotalsQuery = z.output<typeof adTransactionTotalsQuerySchema>;
export type AdTransactionTotal = z.infer<typeof adTransactionTotalsSchema>['data'][number];

/** What each company paid, owes, had refunded or failed, per currency, over a period. */
export async function getAdTransactionTotals(query: AdTransactionTotalsQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ad-transaction/totals', {
    query: adTransactionTotalsQuerySchema.parse(query),
    signal,
  });
  return adTransactionTotalsSchema.parse(body).data;
}

export function adTransactionTotalsQueryOptions(query: AdTransactionTotalsQuery) {
  return queryOptions({
    queryKey: [...adTransactionResource.keys.all, 'totals', query],
    queryFn: ({ signal }) => getAdTransactionTotals(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdTransactionTotals(query: AdTransactionTotalsQuery) {
  return useQuery(adTransactionTotalsQueryOptions(query));
}
