import { http } from '@/lib/http';

/** Revokes the token on the server. The local session ends whatever the answer, so a failure is only logged. */
export async function logoutSession(token: string) {
  try {
    await http.post('/api/auth/logout', undefined, { token, silent: true });
  } catch (error) {
    console.warn('Logout request failed', error);
  }
}
