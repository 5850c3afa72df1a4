import { one } from '@adloop/contract/common';
import {
  type ShortfallResolutionCreate,
  shortfallResolutionCreateSchema,
  shortfallResolutionSchema,
} from '@adloop/contract/make-goods';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { http } from '@/lib/http';
import { adTransactionResource } from '@/lib/resources/ad-transactions';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const resolutionResponseSchema = one(shortfallResolutionSchema);

/**
 * POST /api/campaigns/:id/line-items/:lineItemId/shortfall-resolution (decision 086): a 409 says
 * what was already chosen or why nothing is owed, a 400 names the field; both are toasted.
 */
export async function resolveShortfall({
  campaignId,
  lineItemId,
  resolution,
}: {
  campaignId: string;
  lineItemId: string;
  resolution: ShortfallResolutionCreate;
}) {
  const path = `${campaignResource.pathOf(campaignId)}/line-items/${encodeURIComponent(lineItemId)}/shortfall-resolution`;
  const body = await http.post<unknown>(path, shortfallResolutionCreateSchema.parse(resolution));
  return resolutionResponseSchema.parse(body).data;
}

/** A settlement adds a campaign (a make-good) or a credit: both lists and the delivery page refresh. */
export const useResolveShortfall = () =>
  useResourceMutation({
    mutationFn: resolveShortfall,
    changes: [...campaignResource.changes, ...adTransactionResource.changes],
  });
