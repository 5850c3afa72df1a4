import { passwordChangeSchema } from '@adloop/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAuth } from '@/lib/auth-context';
import { http } from '@/lib/http';

export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** POST /api/auth/change-password → 204. Sessions on other devices end; this one stays. */
export async function changePassword(input: PasswordChange) {
  await http.post('/api/auth/change-password', passwordChangeSchema.parse(input));
}

export function useChangePassword() {
  const { user, setUser } = useAuth();
  return useMutation({
    mutationFn: changePassword,
    // A temporary password is spent once the user has chosen their own.
    onSuccess: () => setUser({ ...user, must_change_password: false }),
  });
}
