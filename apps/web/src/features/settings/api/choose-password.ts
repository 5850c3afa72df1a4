import { type PasswordChoose, passwordChooseSchema } from '@adloop/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth-context';
import { http } from '@/lib/http';

/** POST /api/auth/choose-password → 204: the first sign-in's new password, with the sign-in's token (decision 089). */
export async function choosePassword(input: PasswordChoose) {
  await http.post('/api/auth/choose-password', passwordChooseSchema.parse(input));
}

export function useChoosePassword() {
  const { user, setUser } = useAuth();
  return useMutation({
    mutationFn: choosePassword,
    onSuccess: () => setUser({ ...user, must_change_password: false }),
  });
}
