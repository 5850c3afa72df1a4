import { rateCardSchema } from '@adloop/contract/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';

export const RATE_CARDS_QUERY_KEY = ['rate-cards'] as const;

const rateCardsResponseSchema = z.object({ data: z.array(rateCardSchema) });

/** Every rate card, newest effective first, each with its status now. */
export async function getRateCards(signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/rate-cards', { signal });
  return rateCardsResponseSchema.parse(body).data;
}

export function rateCardsQueryOptions() {
  return queryOptions({
    queryKey: RATE_CARDS_QUERY_KEY,
    queryFn: ({ signal }) => getRateCards(signal),
    // A scheduled card comes into force on its own: look again now and then.
    refetchInterval: 30_000,
  });
}

export function useRateCards() {
  return useQuery(rateCardsQueryOptions());
}
