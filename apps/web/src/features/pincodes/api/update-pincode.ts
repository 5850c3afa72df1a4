import { one } from '@adloop/contract/common';
import { type PincodeUpdate, pincodeSchema, pincodeUpdateSchema } from '@adloop/contract/pincodes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PINCODES_QUERY_KEY } from '@/features/pincodes/api/get-pincodes';
import { http } from '@/lib/http';

const pincodeResponseSchema = one(pincodeSchema);

export async function updatePincode({ code, changes }: { code: string; changes: PincodeUpdate }) {
  const body = await http.patch<unknown>(
    `/api/pincode/${encodeURIComponent(code)}`,
    pincodeUpdateSchema.parse(changes),
  );
  return pincodeResponseSchema.parse(body).data;
}

export function useUpdatePincode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePincode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PINCODES_QUERY_KEY }),
  });
}
