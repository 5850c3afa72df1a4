import { type EarningsQuery, earningsQuerySchema, earningsResponseSchema } from '@adloop/contract/earnings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { screenPayoutResource } from '@/lib/resources/screen-payouts';

/**
 * What the caller's outlets earned since their last payout period, per day, paid and next (GET
 * /api/screen-payout/earnings, decision 092). Keyed under the payouts, so recording or paying one
 * refreshes it.
 */
export async function getEarnings(query: EarningsQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/screen-payout/earnings', {
    query: earningsQuerySchema.parse(query),
    signal,
  });
  return earningsResponseSchema.parse(body).data;
}

export function earningsQueryOptions(query: EarningsQuery, enabled = true) {
  return queryOptions({
    queryKey: [...screenPayoutResource.keys.all, 'earnings', query],
    queryFn: ({ signal }) => getEarnings(query, signal),
    enabled,
  });
}

export function useEarnings(query: EarningsQuery, enabled = true) {
  return useQuery(earningsQueryOptions(query, enabled));
}
