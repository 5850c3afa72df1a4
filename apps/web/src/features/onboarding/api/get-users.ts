import { listOf } from '@adloop/contract/common';
import { userListQuerySchema, userSchema } from '@adloop/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type UserListQuery = z.output<typeof userListQuerySchema>;

const userListSchema = listOf(userSchema);

/** Every user query starts with this key, so a change to one refreshes them all. */
export const USERS_QUERY_KEY = ['onboarding', 'users'] as const;

export async function getUsers(query: UserListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/users', { query: userListQuerySchema.parse(query), signal });
  return userListSchema.parse(body);
}

export function usersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserListQuery) {
  return useQuery(usersQueryOptions(query));
}
