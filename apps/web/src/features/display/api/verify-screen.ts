import { NO_ACCESS_TOKEN } from '@adloop/contract/errors';
import type { ScreenSession } from '@adloop/contract/screen';
import { isScreenSession } from '@/features/display/lib/screen-session-storage';
import { http } from '@/lib/http';

/**
 * Checks a stored screen token and answers the session with a fresh token (sliding renewal).
 * Silent: spec §8 only clears the session when verify fails, it shows no message.
 */
export async function verifyScreen(token: string | null): Promise<ScreenSession> {
  if (!token) throw new Error(NO_ACCESS_TOKEN);
  const response = await http.post<{ data: unknown }>('/api/screen-auth/verify', undefined, { token, silent: true });
  if (!isScreenSession(response?.data)) throw new Error('Unexpected answer to screen verify');
  return response.data;
}
