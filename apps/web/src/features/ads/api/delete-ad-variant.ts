import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

/** Removes a variant that never played nor was scanned (else the server answers 409). */
export async function deleteAdVariant({ adId, variantId }: { adId: string; variantId: string }) {
  await http.delete<unknown>(`/api/ads/${encodeURIComponent(adId)}/variants/${encodeURIComponent(variantId)}`);
}

export function useDeleteAdVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdVariant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY }),
  });
}
