import { one } from '@adloop/contract/common';
import { type UserCreate, userCreatedSchema, userCreateSchema } from '@adloop/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USERS_QUERY_KEY } from '@/features/onboarding/api/get-users';
import { http } from '@/lib/http';

const createdSchema = one(userCreatedSchema);

export async function createUser(input: UserCreate) {
  const body = await http.post<unknown>('/api/users', userCreateSchema.parse(input));
  return createdSchema.parse(body).data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
