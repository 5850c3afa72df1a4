import { useMutation, useQueryClient } from '@tanstack/react-query';
import { screenQueryKey } from '@/features/screens/api/get-screen';
import { SCREENS_QUERY_KEY } from '@/features/screens/api/get-screens';
import { http } from '@/lib/http';

export async function deleteScreen(id: string) {
  await http.delete(`/api/ad-screens/${encodeURIComponent(id)}`);
}

export function useDeleteScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScreen,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: screenQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: SCREENS_QUERY_KEY });
    },
  });
}
