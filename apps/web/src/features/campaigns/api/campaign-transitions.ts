import { campaignSchema } from '@adloop/contract/campaigns';
import { one } from '@adloop/contract/common';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { http } from '@/lib/http';
import { storeDetail, useResourceMutation } from '@/lib/resources/use-resource-mutation';

const campaignResponseSchema = one(campaignSchema);

export type CampaignTransition = 'hold' | 'book' | 'cancel';

/** POST /api/campaigns/:id/hold | book | cancel: a 409 says what fits, or the budget, and is toasted. */
export async function transitionCampaign({ id, action }: { id: string; action: CampaignTransition }) {
  const path = `${campaignResource.pathOf(id)}/${action}`;
  return campaignResponseSchema.parse(await http.post<unknown>(path)).data;
}

export const useTransitionCampaign = () =>
  useResourceMutation({
    mutationFn: transitionCampaign,
    changes: campaignResource.changes,
    settle: storeDetail(campaignResource),
  });
