import { currentRateCardSchema } from '@adloop/contract/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The public rate card: the card in force and the next one scheduled, if any. */
export async function getCurrentRateCard(signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/rate-cards/current', { signal });
  return currentRateCardSchema.parse(body).data;
}

export function currentRateCardQueryOptions() {
  return queryOptions({
    queryKey: ['rate-cards', 'current'],
    queryFn: ({ signal }) => getCurrentRateCard(signal),
    refetchInterval: 60_000,
  });
}

export function useCurrentRateCard() {
  return useQuery(currentRateCardQueryOptions());
}
