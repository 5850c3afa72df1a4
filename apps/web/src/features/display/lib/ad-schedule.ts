import type { ScreenAd } from '@adloop/contract/screen';
import { isInSchedule } from '@adloop/contract/targeting';

/** The ads whose schedule is open at `now` on their outlet's clock; an ad without one always plays. */
export function scheduledAds(ads: readonly ScreenAd[], now: Date): ScreenAd[] {
  return ads.filter((ad) => !ad.schedule || isInSchedule(ad.schedule, ad.schedule.timezone, now));
}
