import { one } from '@adloop/contract/common';
import { type RateCardCreate, rateCardCreateSchema, rateCardSchema } from '@adloop/contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RATE_CARDS_QUERY_KEY } from '@/features/rate-card/api/get-rate-cards';
import { http } from '@/lib/http';

const rateCardResponseSchema = one(rateCardSchema);

export async function createRateCard(values: RateCardCreate) {
  const body = await http.post<unknown>('/api/rate-cards', rateCardCreateSchema.parse(values));
  return rateCardResponseSchema.parse(body).data;
}

export function useCreateRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRateCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATE_CARDS_QUERY_KEY }),
  });
}
