import type { ScreenAd } from '@adloop/contract/screen';
import { useEffect, useRef, useState } from 'react';
import { scheduledAds } from '@/features/display/lib/ad-schedule';

/** How often the loop looks at the clock for windows opening or closing (decision 032). */
const SCHEDULE_CHECK_MS = 30_000;

/**
 * The ads to loop now: the list filtered by each ad's schedule, looked at again every 30 s and
 * whenever the list changes, so a dayparted ad joins and leaves without a request. The same
 * array comes back while the same ads are in, so the loop does not restart.
 */
export function useScheduledAds(ads: ScreenAd[] | null): ScreenAd[] | null {
  const [, setChecks] = useState(0);
  const previous = useRef<ScreenAd[] | null>(null);

  useEffect(() => {
    const timer = setInterval(() => setChecks((checks) => checks + 1), SCHEDULE_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  if (ads === null) return null;
  const next = scheduledAds(ads, new Date());
  const last = previous.current;
  if (last && last.length === next.length && last.every((ad, index) => ad === next[index])) return last;
  previous.current = next;
  return next;
}
