import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adQueryKey } from '@/features/ads/api/get-ad';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

export async function deleteAd(id: string) {
  await http.delete(`/api/ads/${encodeURIComponent(id)}`);
}

export function useDeleteAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAd,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: adQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY });
    },
  });
}
