import { adRejectSchema, adSchema } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adQueryKey } from '@/features/ads/api/get-ad';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

/** The review workflow: draft → pending review → active / rejected; active ⇄ paused. */
export type AdTransition =
  | { id: string; action: 'submit' | 'approve' | 'pause' | 'resume' }
  | { id: string; action: 'reject'; reason: string };

const adResponseSchema = one(adSchema);

/** POST /api/ads/:id/submit | approve | reject | pause | resume. */
export async function transitionAd(transition: AdTransition) {
  const path = `/api/ads/${encodeURIComponent(transition.id)}/${transition.action}`;
  const body =
    transition.action === 'reject'
      ? await http.post<unknown>(path, adRejectSchema.parse({ reason: transition.reason }))
      : await http.post<unknown>(path);
  return adResponseSchema.parse(body).data;
}

export function useTransitionAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionAd,
    onSuccess: async (ad) => {
      queryClient.setQueryData(adQueryKey(ad.id), ad);
      await queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY });
    },
  });
}
