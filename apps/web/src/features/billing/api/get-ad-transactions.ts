import { adTransactionListQuerySchema, adTransactionSchema } from '@adloop/contract/billing';
import { listOf } from '@adloop/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type AdTransactionListQuery = z.output<typeof adTransactionListQuerySchema>;

const adTransactionListSchema = listOf(adTransactionSchema);

/** Every query about ad transactions starts with this key, so a new or changed one refreshes lists and totals. */
export const AD_TRANSACTIONS_QUERY_KEY = ['ad-transactions'] as const;

export async function getAdTransactions(query: AdTransactionListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ad-transaction', {
    query: adTransactionListQuerySchema.parse(query),
    signal,
  });
  return adTransactionListSchema.parse(body);
}

export function adTransactionsQueryOptions(query: AdTransactionListQuery) {
  return queryOptions({
    queryKey: [...AD_TRANSACTIONS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getAdTransactions(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdTransactions(query: AdTransactionListQuery) {
  return useQuery(adTransactionsQueryOptions(query));
}
