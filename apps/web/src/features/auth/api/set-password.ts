import { one } from '@adloop/contract/common';
import { passwordSetSchema, type SetPassword, setPasswordSchema } from '@adloop/contract/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

const answerSchema = one(passwordSetSchema);

/** POST /api/auth/set-password: the invitation link's token and the password chosen with it → the email to sign in with. */
export async function setPassword(input: SetPassword) {
  const body = await http.post<unknown>('/api/auth/set-password', setPasswordSchema.parse(input), { auth: false });
  return answerSchema.parse(body).data;
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    // A link refused meanwhile (used, replaced) is asked about again, so the page says why.
    onError: (_error, input) => queryClient.invalidateQueries({ queryKey: ['invitation', input.token] }),
  });
}
