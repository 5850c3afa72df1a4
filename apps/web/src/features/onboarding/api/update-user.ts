import { one } from '@adloop/contract/common';
import { type UserUpdate, userSchema, userUpdateSchema } from '@adloop/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@/features/onboarding/api/get-user';
import { USERS_QUERY_KEY } from '@/features/onboarding/api/get-users';
import { http } from '@/lib/http';

const userResponseSchema = one(userSchema);

export async function updateUser({ id, changes }: { id: string; changes: UserUpdate }) {
  const body = await http.patch<unknown>(`/api/users/${encodeURIComponent(id)}`, userUpdateSchema.parse(changes));
  return userResponseSchema.parse(body).data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey(user.id), user);
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
