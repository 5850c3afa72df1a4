import type { ScreenAuthBody, ScreenSession } from '@adloop/contract/screen';
import { isScreenSession } from '@/features/display/lib/screen-session-storage';
import { http } from '@/lib/http';

/** Signs a screen in with its code and passcode (spec §7). The client has already toasted a failure. */
export async function authenticateScreen(body: ScreenAuthBody): Promise<ScreenSession> {
  try {
    const response = await http.post<{ data: unknown }>('/api/screen-auth/authenticate', body, { auth: false });
    if (!isScreenSession(response?.data)) throw new Error('Unexpected answer to screen sign-in');
    return response.data;
  } catch (error) {
    // Spec §8: a failed authenticate is logged and rethrown, with no message of its own.
    console.error('Screen authentication failed', error);
    throw error;
  }
}
