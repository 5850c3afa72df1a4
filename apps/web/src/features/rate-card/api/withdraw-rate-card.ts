import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RATE_CARDS_QUERY_KEY } from '@/features/rate-card/api/get-rate-cards';
import { http } from '@/lib/http';

export async function withdrawRateCard(id: string) {
  await http.delete(`/api/rate-cards/${encodeURIComponent(id)}`);
}

export function useWithdrawRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawRateCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATE_CARDS_QUERY_KEY }),
  });
}
