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
    // The next card shows as in force a moment after it is due; otherwise look again each minute.
    refetchInterval: (query) => {
      const next = query.state.data?.next;
      if (!next) return 60_000;
      return Math.min(60_000, Math.max(1000, Date.parse(next.effective_from) - Date.now() + 1000));
    },
  });
}

export function useCurrentRateCard() {
  return useQuery(currentRateCardQueryOptions());
}
