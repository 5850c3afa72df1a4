import { one } from '@adloop/contract/common';
import { type OutletUpdate, outletSchema, outletUpdateSchema } from '@adloop/contract/outlets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outletQueryKey } from '@/features/onboarding/api/get-outlet';
import { OUTLETS_QUERY_KEY } from '@/features/onboarding/api/get-outlets';
import { http } from '@/lib/http';

const outletResponseSchema = one(outletSchema);

export async function updateOutlet({ id, changes }: { id: string; changes: OutletUpdate }) {
  const body = await http.patch<unknown>(`/api/outlets/${encodeURIComponent(id)}`, outletUpdateSchema.parse(changes));
  return outletResponseSchema.parse(body).data;
}

export function useUpdateOutlet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOutlet,
    onSuccess: async (outlet) => {
      queryClient.setQueryData(outletQueryKey(outlet.id), outlet);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: OUTLETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['pincodes'] }),
      ]);
    },
  });
}
