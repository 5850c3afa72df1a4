import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PINCODES_QUERY_KEY } from '@/features/pincodes/api/get-pincodes';
import { http } from '@/lib/http';

export async function deletePincode(code: string) {
  await http.delete(`/api/pincode/${encodeURIComponent(code)}`);
}

export function useDeletePincode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePincode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PINCODES_QUERY_KEY }),
  });
}
