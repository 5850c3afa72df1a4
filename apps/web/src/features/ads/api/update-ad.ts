import { type AdUpdate, adSchema, adUpdateSchema } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adQueryKey } from '@/features/ads/api/get-ad';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

const adResponseSchema = one(adSchema);

/** Each edit is a new version of the ad; the server tells the screens that play it. */
export async function updateAd({ id, changes }: { id: string; changes: AdUpdate }) {
  const body = await http.patch<unknown>(`/api/ads/${encodeURIComponent(id)}`, adUpdateSchema.parse(changes));
  return adResponseSchema.parse(body).data;
}

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAd,
    onSuccess: async (ad) => {
      queryClient.setQueryData(adQueryKey(ad.id), ad);
      await queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY });
    },
  });
}
