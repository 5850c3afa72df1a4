import { one } from '@adloop/contract/common';
import {
  type VariantCreate,
  type VariantUpdate,
  variantCreateSchema,
  variantSchema,
  variantUpdateSchema,
} from '@adloop/contract/variants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { adResource } from '@/lib/resources/ads';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const variantsResponseSchema = z.object({ data: z.array(variantSchema) });
const writtenVariantSchema = one(variantSchema.extend({ sent_to_review: z.boolean() }));

const variantsPath = (adId: string) => `${adResource.pathOf(adId)}/variants`;
const variantPath = (adId: string, variantId: string) => `${variantsPath(adId)}/${encodeURIComponent(variantId)}`;

/** Under the ad's own key, so whatever refreshes the ad refreshes its variants too. */
export function adVariantsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adResource.keys.detail(id), 'variants'],
    queryFn: async ({ signal }) =>
      variantsResponseSchema.parse(await http.get<unknown>(variantsPath(id), { signal })).data,
  });
}

export function useAdVariants(id: string) {
  return useQuery(adVariantsQueryOptions(id));
}

/** Adds a variant; a new creative on a running ad sends the ad to review (decision 034). */
export async function createAdVariant({ adId, variant }: { adId: string; variant: VariantCreate }) {
  const body = await http.post<unknown>(variantsPath(adId), variantCreateSchema.parse(variant));
  return writtenVariantSchema.parse(body).data;
}

/** Changes a variant's weight, label, creative or link; screens playing the ad are told. */
export async function updateAdVariant(input: { adId: string; variantId: string; changes: VariantUpdate }) {
  const body = await http.patch<unknown>(
    variantPath(input.adId, input.variantId),
    variantUpdateSchema.parse(input.changes),
  );
  return writtenVariantSchema.parse(body).data;
}

/** Removes a variant that never played nor was scanned (else the server answers 409). */
export async function deleteAdVariant({ adId, variantId }: { adId: string; variantId: string }) {
  await http.delete<unknown>(variantPath(adId, variantId));
}

// The ad's status may change with a variant (back to review), so every view of ads refreshes.
export const useCreateAdVariant = () =>
  useResourceMutation({ mutationFn: createAdVariant, changes: adResource.changes });
export const useUpdateAdVariant = () =>
  useResourceMutation({ mutationFn: updateAdVariant, changes: adResource.changes });
export const useDeleteAdVariant = () =>
  useResourceMutation({ mutationFn: deleteAdVariant, changes: adResource.changes });
