import { NO_SCREEN_ACCESS_TOKEN } from '@adloop/contract/errors';
import type { ScreenAd } from '@adloop/contract/screen';
import { http } from '@/lib/http';

function isScreenAd(value: unknown): value is ScreenAd {
  if (typeof value !== 'object' || value === null) return false;
  const ad = value as Record<string, unknown>;
  const company = ad.company as Record<string, unknown> | null | undefined;
  return (
    typeof ad.id === 'string' &&
    typeof ad.company_id === 'string' &&
    typeof ad.title === 'string' &&
    (ad.type === 'IMAGE' || ad.type === 'VIDEO') &&
    typeof ad.media_url === 'string' &&
    (ad.duration_seconds === null || typeof ad.duration_seconds === 'number') &&
    typeof ad.version === 'number' &&
    typeof company === 'object' &&
    company !== null &&
    typeof company.name === 'string'
  );
}

/**
 * The ads this screen plays, in order. Silent, because spec §8 only logs a failed fetch and
 * keeps the ads on screen; the caller handles 401/403 by ending the session.
 */
export async function getScreenAds(token: string | null, signal?: AbortSignal): Promise<ScreenAd[]> {
  if (!token) throw new Error(NO_SCREEN_ACCESS_TOKEN);
  const response = await http.get<{ data: unknown }>('/api/screen-auth/ads', { token, silent: true, signal });
  if (!Array.isArray(response?.data)) throw new Error('Unexpected answer to the screen ad list');
  // Checked by hand, not with the contract's zod schema, to keep zod out of the player's bundle.
  return response.data.filter(isScreenAd);
}
