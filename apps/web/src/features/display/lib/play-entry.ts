import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import type { PlaybackLogEntry, ScreenAd, ScreenSession } from '@adloop/contract/screen';
import { localDate, localTime } from '@/features/display/lib/local-time';
import { randomUuid } from '@/features/display/lib/uuid';

/** How long an image stays on screen (spec §3: 5 s when the ad names no duration). */
export function imageDurationSeconds(ad: Pick<ScreenAd, 'duration_seconds'>): number {
  return ad.duration_seconds && ad.duration_seconds > 0 ? ad.duration_seconds : DEFAULT_IMAGE_DURATION_SECONDS;
}

/**
 * One play as the server stores it (spec §3 playback log entry). The id is made here, once,
 * so that however often the entry is sent, the server counts it once.
 */
export function createPlayEntry(
  ad: ScreenAd & { variant?: { id: string } },
  session: ScreenSession,
  playedAt: Date,
  durationSeconds: number,
): PlaybackLogEntry {
  return {
    id: randomUuid(),
    ad_id: ad.id,
    screen_id: session.screen_id,
    company_id: ad.company_id,
    outlet_id: session.outlet.id,
    play_date: localDate(playedAt),
    play_time: localTime(playedAt),
    play_count: 1,
    played_at: playedAt.toISOString(),
    ...(ad.variant ? { variant_id: ad.variant.id } : {}),
    additional_info: {
      ad_title: ad.title,
      ad_duration: Math.round(durationSeconds * 100) / 100,
      ad_company_name: ad.company.name,
      outlet_name: session.outlet.name,
      outlet_code: session.outlet.outlet_code,
      screen_code: session.screen_code,
      ad_version: ad.version,
    },
  };
}
