import { type LoginBody, loginResponseSchema } from '@adloop/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth-context';
import { http } from '@/lib/http';

export async function login(body: LoginBody) {
  const response = await http.post<unknown>('/api/auth/login', body, { auth: false });
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
