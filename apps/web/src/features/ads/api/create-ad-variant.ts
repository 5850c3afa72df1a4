import { one } from '@adloop/contract/common';
import { type VariantCreate, variantCreateSchema, variantSchema } from '@adloop/contract/variants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

export const writtenVariantSchema = one(variantSchema.extend({ sent_to_review: z.boolean() }));

/** Adds a variant; a new creative on a running ad sends the ad to review (decision 034). */
export async function createAdVariant({ adId, variant }: { adId: string; variant: VariantCreate }) {
  const body = await http.post<unknown>(
    `/api/ads/${encodeURIComponent(adId)}/variants`,
    variantCreateSchema.parse(variant),
  );
  return writtenVariantSchema.parse(body).data;
}

export function useCreateAdVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdVariant,
    // The ad's status may have changed too (back to review), so the whole ad refreshes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY }),
  });
}
