import { one } from '@adloop/contract/common';
import { userCreatedSchema } from '@adloop/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '@/features/onboarding/api/get-user';
import { http } from '@/lib/http';

const resetSchema = one(userCreatedSchema);

/** A new temporary password for a user, answered once; their sessions end. */
export async function resetUserPassword(id: string) {
  const body = await http.post<unknown>(`/api/users/${encodeURIComponent(id)}/reset-password`);
  return resetSchema.parse(body).data;
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: ({ user }) => queryClient.setQueryData(userQueryKey(user.id), user),
  });
}
