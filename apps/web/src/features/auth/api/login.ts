import type { LoginBody } from '@adloop/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth-context';
import { readDeviceToken, storeDeviceToken } from '@/lib/device-tokens';
import { http } from '@/lib/http';
import { toast } from '@/lib/toast';

/** Signs in with this browser's device token of the account, and keeps the new one (decision 076). */
export async function login(body: LoginBody) {
  const request = { ...body, device_token: readDeviceToken('staff', body.email) };
  // The answer's schema (and zod) loads beside the request, so /login itself opens without them (decision 055).
  const [{ loginResponseSchema }, response] = await Promise.all([
    import('@adloop/contract/auth'),
    http.post<unknown>('/api/auth/login', request, { auth: false }),
  ]);
  const { device_token, ...result } = loginResponseSchema.parse(response).data;
  storeDeviceToken('staff', result.user.email, device_token);
  return result;
}

export function useLogin() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      signIn(result);
      toast.success('Login successful!');
    },
    // The client has already toasted the server's answer; the form adds nothing (spec §8).
    onError: (error) => console.error('Login failed', error),
  });
}
