import { RATE_CARDS_QUERY_KEY } from '@/features/rate-card/api/get-rate-cards';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

export async function withdrawRateCard(id: string) {
  await http.delete(`/api/rate-cards/${encodeURIComponent(id)}`);
}

export const useWithdrawRateCard = () =>
  useResourceMutation({ mutationFn: withdrawRateCard, changes: [RATE_CARDS_QUERY_KEY] });
