import {
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignSchema,
  campaignUpdateSchema,
} from '@adloop/contract/campaigns';
import { one } from '@adloop/contract/common';
import { http } from '@/lib/http';
import { defineResource } from '@/lib/resources/define-resource';

/** Campaigns (/api/campaigns); their line items, quote and delivery live under the campaign's keys. */
export const campaignResource = defineResource({
  name: 'campaigns',
  path: '/api/campaigns',
  entity: campaignSchema,
  listQuery: campaignListQuerySchema,
  create: campaignCreateSchema,
  update: campaignUpdateSchema,
});

const campaignResponseSchema = one(campaignSchema);

/** PATCH /api/campaigns/:id while the buyer edits: failures are shown beside the quote, not toasted. */
export async function saveCampaignDraft(id: string, changes: unknown) {
  const body = await http.patch<unknown>(campaignResource.pathOf(id), campaignUpdateSchema.parse(changes), {
    silent: true,
  });
  return campaignResponseSchema.parse(body).data;
}
