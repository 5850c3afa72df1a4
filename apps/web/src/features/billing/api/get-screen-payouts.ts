import { screenPayoutListQuerySchema, screenPayoutSchema } from '@adloop/contract/billing';
import { listOf } from '@adloop/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type ScreenPayoutListQuery = z.output<typeof screenPayoutListQuerySchema>;

const screenPayoutListSchema = listOf(screenPayoutSchema);

/** Every query about payouts starts with this key, so a new or paid payout refreshes lists and proposals. */
export const SCREEN_PAYOUTS_QUERY_KEY = ['screen-payouts'] as const;

export async function getScreenPayouts(query: ScreenPayoutListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/screen-payout', {
    query: screenPayoutListQuerySchema.parse(query),
    signal,
  });
  return screenPayoutListSchema.parse(body);
}

export function screenPayoutsQueryOptions(query: ScreenPayoutListQuery) {
  return queryOptions({
    queryKey: [...SCREEN_PAYOUTS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getScreenPayouts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useScreenPayouts(query: ScreenPayoutListQuery) {
  return useQuery(screenPayoutsQueryOptions(query));
}
