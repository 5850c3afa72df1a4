import { adRejectSchema, adSchema, type RevisionAction } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adQueryKey } from '@/features/ads/api/get-ad';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

const adResponseSchema = one(adSchema);

export type RevisionAnswer = { id: string; action: RevisionAction; reason?: string };

/** POST /api/ads/:id/revision/approve | reject: a reviewer's answer to an ad's pending edit (decision 038). */
export async function answerRevision({ id, action, reason }: RevisionAnswer) {
  const path = `/api/ads/${encodeURIComponent(id)}/revision/${action}`;
  const body =
    action === 'reject'
      ? await http.post<unknown>(path, adRejectSchema.parse({ reason }))
      : await http.post<unknown>(path);
  return adResponseSchema.parse(body).data;
}

export function useAnswerRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerRevision,
    onSuccess: async (ad) => {
      queryClient.setQueryData(adQueryKey(ad.id), ad);
      // Approval may change the variants and adds a version to the history.
      await queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY });
    },
  });
}
