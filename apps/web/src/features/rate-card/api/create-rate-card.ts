import { one } from '@adloop/contract/common';
import { type RateCardCreate, rateCardCreateSchema, rateCardSchema } from '@adloop/contract/pricing';
import { RATE_CARDS_QUERY_KEY } from '@/features/rate-card/api/get-rate-cards';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const rateCardResponseSchema = one(rateCardSchema);

export async function createRateCard(values: RateCardCreate) {
  const body = await http.post<unknown>('/api/rate-cards', rateCardCreateSchema.parse(values));
  return rateCardResponseSchema.parse(body).data;
}

export const useCreateRateCard = () =>
  useResourceMutation({ mutationFn: createRateCard, changes: [RATE_CARDS_QUERY_KEY] });
