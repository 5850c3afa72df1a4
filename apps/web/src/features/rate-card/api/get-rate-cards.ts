import { rateCardSchema } from '@adloop/contract/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';

export const RATE_CARDS_QUERY_KEY = ['rate-cards'] as const;

/** How long to wait before asking again: a second after the soonest card is due, at most 30 s. */
function untilDue(effectiveFroms: string[], now = Date.now()): number {
  const waits = effectiveFroms.map((from) => Date.parse(from) - now + 1000).filter((wait) => wait > 0);
  return Math.min(30_000, ...waits.map((wait) => Math.max(1000, wait)));
}

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
    // A scheduled card comes into force on its own: look again just after the next one is due.
    refetchInterval: (query) =>
      untilDue(
        (query.state.data ?? []).filter((card) => card.status === 'SCHEDULED').map((card) => card.effective_from),
      ),
  });
}

export function useRateCards() {
  return useQuery(rateCardsQueryOptions());
}
