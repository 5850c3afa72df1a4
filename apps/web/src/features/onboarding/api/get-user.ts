import { one } from '@adloop/contract/common';
import { userSchema } from '@adloop/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { USERS_QUERY_KEY } from '@/features/onboarding/api/get-users';
import { http } from '@/lib/http';

const userResponseSchema = one(userSchema);

export function userQueryKey(id: string) {
  return [...USERS_QUERY_KEY, 'detail', id] as const;
}

export async function getUser(id: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/users/${encodeURIComponent(id)}`, { signal });
  return userResponseSchema.parse(body).data;
}

export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });
}

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
