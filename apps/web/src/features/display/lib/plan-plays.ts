import { DEFAULT_IMAGE_DURATION_SECONDS, STORAGE_KEYS } from '@adloop/contract/constants';
import type { ScreenAd } from '@adloop/contract/screen';

const HOUR_MS = 3_600_000;
/** How often the loop looks at the clock for windows opening or closing (decision 032). */
export const SCHEDULE_CHECK_MS = 30_000;
/** Told whenever a planned ad is played, so the loop looks at its plans again at once. */
export const PLAN_PLAY_EVENT = 'adloop:plan-play';

/** Plays made per line item and plan hour (`<line item> <starts_at>`). */
export type PlanPlays = Record<string, number>;

const keyOf = (lineItemId: string, startsAt: string) => `${lineItemId} ${startsAt}`;

function currentHour(ad: ScreenAd, now: number) {
  return ad.plan?.hours.find((hour) => {
    const start = Date.parse(hour.starts_at);
    return start <= now && now < start + HOUR_MS;
  });
}

/**
 * Whether a campaign's creative may play now (decision 084): only in an hour of its plan, fewer
 * times than the plan allows, and spread over the hour — by a fraction f of the hour, at most
 * ⌊f × max⌋ + 1 plays — so a screen keeps to its plan on its own clock, off line too. An ad
 * outside campaigns always may.
 */
export function withinPlan(ad: ScreenAd, now: number, plays: PlanPlays): boolean {
  if (!ad.plan) return true;
  // A play is counted, here and on the server, in the hour it ends; the list is looked at again
  // only every SCHEDULE_CHECK_MS or after a planned play. So the hour a play started up to then
  // would end in must have room too, else the last play of an hour would land, unplanned, in the
  // next one and be refused.
  const seconds = ad.plan.spot_seconds ?? ad.duration_seconds ?? DEFAULT_IMAGE_DURATION_SECONDS;
  return roomAt(ad, now, plays) && roomAt(ad, now + SCHEDULE_CHECK_MS + seconds * 1000, plays);
}

function roomAt(ad: ScreenAd, now: number, plays: PlanPlays): boolean {
  const hour = currentHour(ad, now);
  if (!ad.plan || !hour) return false;
  const played = plays[keyOf(ad.plan.line_item_id, hour.starts_at)] ?? 0;
  const elapsed = (now - Date.parse(hour.starts_at)) / HOUR_MS;
  return played < hour.max_plays && played < Math.floor(hour.max_plays * elapsed) + 1;
}

export function readPlanPlays(): PlanPlays {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.planPlays) ?? '{}') as PlanPlays;
  } catch {
    return {};
  }
}

/** Counts a play of a planned ad in its plan's hour (hours over for two hours are forgotten) and tells the loop. */
export function countPlanPlay(ad: ScreenAd, now: number): void {
  const hour = currentHour(ad, now);
  if (!ad.plan || !hour) return;
  const plays = readPlanPlays();
  const key = keyOf(ad.plan.line_item_id, hour.starts_at);
  const kept: PlanPlays = { [key]: (plays[key] ?? 0) + 1 };
  for (const [other, count] of Object.entries(plays)) {
    if (other !== key && Date.parse(other.split(' ')[1] ?? '') + 3 * HOUR_MS > now) kept[other] = count;
  }
  try {
    localStorage.setItem(STORAGE_KEYS.planPlays, JSON.stringify(kept));
  } catch (error) {
    console.warn('Counting a planned play failed', error);
  }
  window.dispatchEvent(new Event(PLAN_PLAY_EVENT));
}
