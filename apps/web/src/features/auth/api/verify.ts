import { NO_ACCESS_TOKEN } from '@adloop/contract/errors';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';

export async function verifySession(token: string | null) {
  if (!token) throw new Error(NO_ACCESS_TOKEN);
  // Only a stored token is verified: a signed-out first load never fetches the schema (decision 055).
  const [{ verifyResponseSchema }, body] = await Promise.all([
    import('@adloop/contract/auth'),
    http.post<unknown>('/api/auth/verify', undefined, { token }),
  ]);
  return verifyResponseSchema.parse(body).data;
}

export function verifyQueryKey(token: string | null) {
  return ['auth', 'verify', token] as const;
}

export function verifyQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: verifyQueryKey(token),
    queryFn: () => verifySession(token),
    enabled: token !== null,
    // A token is checked once per page load; a later failure shows up on the next call.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
