import { type VariantUpdate, variantUpdateSchema } from '@adloop/contract/variants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writtenVariantSchema } from '@/features/ads/api/create-ad-variant';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

/** Changes a variant's weight, label, creative or link; screens playing the ad are told. */
export async function updateAdVariant({
  adId,
  variantId,
  changes,
}: {
  adId: string;
  variantId: string;
  changes: VariantUpdate;
}) {
  const body = await http.patch<unknown>(
    `/api/ads/${encodeURIComponent(adId)}/variants/${encodeURIComponent(variantId)}`,
    variantUpdateSchema.parse(changes),
  );
  return writtenVariantSchema.parse(body).data;
}

export function useUpdateAdVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdVariant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY }),
  });
}
