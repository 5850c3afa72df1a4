import { NO_SCREEN_ACCESS_TOKEN } from '@adloop/contract/errors';
import type { ScreenTakeover } from '@adloop/contract/takeovers';
import { http } from '@/lib/http';

const isString = (value: unknown): value is string => typeof value === 'string';

/** Checked by hand, not with the contract's zod schema, to keep zod out of the player's bundle. */
export function isScreenTakeover(value: unknown): value is ScreenTakeover {
  if (typeof value !== 'object' || value === null) return false;
  const takeover = value as Record<string, unknown>;
  const ad = takeover.ad as Record<string, unknown> | null | undefined;
  const company = ad?.company as Record<string, unknown> | null | undefined;
  const validAd =
    ad === null ||
    (typeof ad === 'object' &&
      isString(ad.id) &&
      isString(ad.company_id) &&
      isString(ad.title) &&
      (ad.type === 'IMAGE' || ad.type === 'VIDEO') &&
      isString(ad.media_url) &&
      (ad.duration_seconds === null || typeof ad.duration_seconds === 'number') &&
      typeof ad.version === 'number' &&
      typeof company === 'object' &&
      company !== null &&
      isString(company.name));
  return (
    isString(takeover.id) &&
    ((takeover.kind === 'MESSAGE' && isString(takeover.message)) || (takeover.kind === 'AD' && ad !== null)) &&
    validAd &&
    isString(takeover.started_at) &&
    (takeover.ends_at === null || isString(takeover.ends_at))
  );
}

/**
 * The emergency takeover this screen shows now, or null (decision 035). Silent: a failed fetch
 * keeps whatever the screen shows, like the ad list; the caller decides what a failure means.
 */
export async function getScreenTakeover(token: string | null, signal?: AbortSignal): Promise<ScreenTakeover | null> {
  if (!token) throw new Error(NO_SCREEN_ACCESS_TOKEN);
  const response = await http.get<{ data: unknown }>('/api/screen-auth/takeover', { token, silent: true, signal });
  if (response?.data === null) return null;
  if (!isScreenTakeover(response?.data)) throw new Error('Unexpected answer to the screen takeover');
  return response.data;
}
