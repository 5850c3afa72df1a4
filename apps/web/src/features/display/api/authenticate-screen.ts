import type { ScreenAuthBody, ScreenSession } from '@adloop/contract/screen';
import { isScreenSession } from '@/features/display/lib/screen-session-storage';
import { readDeviceToken, storeDeviceToken } from '@/lib/device-tokens';
import { http } from '@/lib/http';

/**
 * Signs a screen in with its code and passcode (spec §7), sending this browser's device token of the
 * code and keeping the new one apart from the session (decision 076). The client has already toasted a failure.
 */
export async function authenticateScreen(body: ScreenAuthBody): Promise<ScreenSession> {
  try {
    const request = { ...body, device_token: readDeviceToken('screen', body.screen_code) };
    const response = await http.post<{ data: unknown }>('/api/screen-auth/authenticate', request, { auth: false });
    if (!isScreenSession(response?.data)) throw new Error('Unexpected answer to screen sign-in');
    const { device_token, ...session } = response.data as ScreenSession & { device_token?: unknown };
    storeDeviceToken('screen', session.screen_code, typeof device_token === 'string' ? device_token : undefined);
    return session;
  } catch (error) {
    // Spec §8: a failed authenticate is logged and rethrown, with no message of its own.
    console.error('Screen authentication failed', error);
    throw error;
  }
}
