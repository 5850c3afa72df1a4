import { one } from '@adloop/contract/common';
import { type OutletCreate, outletCreateSchema, outletSchema } from '@adloop/contract/outlets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OUTLETS_QUERY_KEY } from '@/features/onboarding/api/get-outlets';
import { http } from '@/lib/http';

const createdSchema = one(outletSchema);

export async function createOutlet(input: OutletCreate) {
  const body = await http.post<unknown>('/api/outlets', outletCreateSchema.parse(input));
  return createdSchema.parse(body).data;
}

export function useCreateOutlet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOutlet,
    // A pincode AdLoop did not know was added with the outlet (decision 047).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: OUTLETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['pincodes'] }),
      ]),
  });
}
