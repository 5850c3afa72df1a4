import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outletQueryKey } from '@/features/onboarding/api/get-outlet';
import { OUTLETS_QUERY_KEY } from '@/features/onboarding/api/get-outlets';
import { http } from '@/lib/http';

export async function deleteOutlet(id: string) {
  await http.delete(`/api/outlets/${encodeURIComponent(id)}`);
}

export function useDeleteOutlet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOutlet,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: outletQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: OUTLETS_QUERY_KEY });
    },
  });
}
