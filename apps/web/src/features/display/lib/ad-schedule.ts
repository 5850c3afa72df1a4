import type { ScreenAd } from '@adloop/contract/screen';
import { isInSchedule } from '@adloop/contract/targeting';
import { type PlanPlays, withinPlan } from '@/features/display/lib/plan-plays';

/**
 * The ads to play at `now`: those whose schedule is open on their outlet's clock (an ad without
 * one always plays) and, for a campaign's creative, whose plan still has room (decision 084).
 */
export function scheduledAds(ads: readonly ScreenAd[], now: Date, planPlays: PlanPlays = {}): ScreenAd[] {
  return ads.filter(
    (ad) =>
      (!ad.schedule || isInSchedule(ad.schedule, ad.schedule.timezone, now)) &&
      withinPlan(ad, now.getTime(), planPlays),
  );
}
