import { one } from '@adloop/contract/common';
import { invitationLookupSchema, invitationViewSchema } from '@adloop/contract/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const answerSchema = one(invitationViewSchema);

/** POST /api/auth/invitation: what an invitation link is now, signed out (decision 089). */
export async function getInvitation(token: string) {
  const body = await http.post<unknown>('/api/auth/invitation', invitationLookupSchema.parse({ token }), {
    auth: false,
  });
  return answerSchema.parse(body).data;
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: () => getInvitation(token),
    // Asked once a visit; a link used meanwhile is refused when the form is sent.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // A link cut short in the e-mail client is not worth asking the server about.
    enabled: invitationLookupSchema.safeParse({ token }).success,
  });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
