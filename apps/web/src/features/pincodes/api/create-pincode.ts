import { one } from '@adloop/contract/common';
import { type PincodeCreate, pincodeCreateSchema, pincodeSchema } from '@adloop/contract/pincodes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PINCODES_QUERY_KEY } from '@/features/pincodes/api/get-pincodes';
import { http } from '@/lib/http';

const pincodeResponseSchema = one(pincodeSchema);

export async function createPincode(input: PincodeCreate) {
  const body = await http.post<unknown>('/api/pincode', pincodeCreateSchema.parse(input));
  return pincodeResponseSchema.parse(body).data;
}

export function useCreatePincode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPincode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PINCODES_QUERY_KEY }),
  });
}
