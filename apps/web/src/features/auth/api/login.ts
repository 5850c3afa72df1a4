import type { LoginBody } from '@adloop/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth-context';
import { http } from '@/lib/http';

export async function login(body: LoginBody) {
  // The answer's schema (and zod) loads beside the request, so /login itself opens without them (decision 055).
  const [{ loginResponseSchema }, response] = await Promise.all([
    import('@adloop/contract/auth'),
    http.post<unknown>('/api/auth/login', body, { auth: false }),
  ]);
  return loginResponseSchema.parse(response).data;
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
