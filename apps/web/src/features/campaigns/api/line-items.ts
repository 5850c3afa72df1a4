import {
  type LineItemCreate,
  type LineItemUpdate,
  lineItemCreateSchema,
  lineItemSchema,
  lineItemUpdateSchema,
} from '@adloop/contract/campaigns';
import { one } from '@adloop/contract/common';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { campaignResource } from '@/features/campaigns/api/campaign-resource';
import { http } from '@/lib/http';

const listSchema = z.object({ data: z.array(lineItemSchema) });
const oneSchema = one(lineItemSchema);

const lineItemsPath = (campaignId: string) => `${campaignResource.pathOf(campaignId)}/line-items`;

export const lineItemKeys = (campaignId: string) => [...campaignResource.keys.all, 'line-items', campaignId] as const;

/** GET /api/campaigns/:id/line-items: its flights, by start. */
export async function listLineItems(campaignId: string, signal?: AbortSignal) {
  return listSchema.parse(await http.get<unknown>(lineItemsPath(campaignId), { signal })).data;
}

export const lineItemsOptions = (campaignId: string) =>
  queryOptions({ queryKey: lineItemKeys(campaignId), queryFn: ({ signal }) => listLineItems(campaignId, signal) });

/** POST /api/campaigns/:id/line-items. */
export async function createLineItem(campaignId: string, input: LineItemCreate) {
  return oneSchema.parse(await http.post<unknown>(lineItemsPath(campaignId), lineItemCreateSchema.parse(input))).data;
}

/** PATCH /api/campaigns/:id/line-items/:lineItemId while the buyer edits: failures are shown beside the quote. */
export async function saveLineItemDraft(campaignId: string, lineItemId: string, changes: LineItemUpdate) {
  const path = `${lineItemsPath(campaignId)}/${encodeURIComponent(lineItemId)}`;
  const body = await http.patch<unknown>(path, lineItemUpdateSchema.parse(changes), { silent: true });
  return oneSchema.parse(body).data;
}
