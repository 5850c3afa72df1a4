import { adSchema } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adQueryKey } from '@/features/ads/api/get-ad';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

const adResponseSchema = one(adSchema);

/** Copies an earlier version's creative onto the ad as a new version; screens are told. */
export async function rollbackAd({ id, version }: { id: string; version: number }) {
  const body = await http.post<unknown>(`/api/ads/${encodeURIComponent(id)}/versions/${version}/rollback`);
  return adResponseSchema.parse(body).data;
}

export function useRollbackAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollbackAd,
    onSuccess: async (ad) => {
      queryClient.setQueryData(adQueryKey(ad.id), ad);
      await queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY });
    },
  });
}
