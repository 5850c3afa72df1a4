import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@/features/onboarding/api/get-user';
import { USERS_QUERY_KEY } from '@/features/onboarding/api/get-users';
import { http } from '@/lib/http';

export async function deleteUser(id: string) {
  await http.delete(`/api/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: userQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
