import type { ScreenAd } from '@adloop/contract/screen';
import { useEffect, useRef, useState } from 'react';
import { scheduledAds } from '@/features/display/lib/ad-schedule';
import { PLAN_PLAY_EVENT, readPlanPlays, SCHEDULE_CHECK_MS } from '@/features/display/lib/plan-plays';

/**
 * The ads to loop now: the list filtered by each ad's schedule and each campaign creative's plan,
 * looked at again every 30 s, whenever the list changes and after each planned play, so a
 * dayparted ad joins and leaves without a request and a creative stops once its hour is played. The same
 * array comes back while the same ads are in, so the loop does not restart.
 */
export function useScheduledAds(ads: ScreenAd[] | null): ScreenAd[] | null {
  const [, setChecks] = useState(0);
  const previous = useRef<ScreenAd[] | null>(null);

  useEffect(() => {
    const check = () => setChecks((checks) => checks + 1);
    const timer = setInterval(check, SCHEDULE_CHECK_MS);
    window.addEventListener(PLAN_PLAY_EVENT, check);
    return () => {
      clearInterval(timer);
      window.removeEventListener(PLAN_PLAY_EVENT, check);
    };
  }, []);

  if (ads === null) return null;
  const next = scheduledAds(ads, new Date(), ads.some((ad) => ad.plan) ? readPlanPlays() : {});
  const last = previous.current;
  if (last && last.length === next.length && last.every((ad, index) => ad === next[index])) return last;
  previous.current = next;
  return next;
}
