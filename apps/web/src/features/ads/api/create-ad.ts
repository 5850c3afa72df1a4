import { type AdCreate, adCreateSchema, adSchema } from '@adloop/contract/ads';
import { one } from '@adloop/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADS_QUERY_KEY } from '@/features/ads/api/get-ads';
import { http } from '@/lib/http';

const adResponseSchema = one(adSchema);

export async function createAd(input: AdCreate) {
  const body = await http.post<unknown>('/api/ads', adCreateSchema.parse(input));
  return adResponseSchema.parse(body).data;
}

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADS_QUERY_KEY }),
  });
}
