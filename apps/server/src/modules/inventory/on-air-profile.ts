import { type AvailabilityBasis, DEFAULT_ON_AIR } from '@adloop/contract/inventory';
import { type Span, windowUptime } from '../screen-activity/uptime.ts';
import { HOURS_OF_WEEK, type HourWindow } from './hour-windows.ts';

/** A screen learns from its own history once it has a week of it. */
export const MIN_HISTORY_MS = 7 * 86_400_000;

/** Minutes online and minutes observed per hour of the week, summed over the weeks looked at. */
export interface OnAirMinutes {
  online: Float64Array;
  observed: Float64Array;
}

const emptyMinutes = (): OnAirMinutes => ({
  online: new Float64Array(HOURS_OF_WEEK),
  observed: new Float64Array(HOURS_OF_WEEK),
});

/**
 * A screen's minutes online per hour of the week: each local hour of the zone from `since`, its
 * uptime as the uptime report reckons it (`windowUptime` over the online spans). Spans and windows
 * are both in time order, so each window sees only the spans that overlap it.
 */
export function onAirMinutes(spans: readonly Span[], windows: readonly HourWindow[], since: number): OnAirMinutes {
  const minutes = emptyMinutes();
  let first = 0;
  for (const window of windows) {
    if (window.to <= since) continue;
    const from = Math.max(window.from, since);
    while (first < spans.length && spans[first]!.to <= from) first += 1;
    let last = first;
    while (last < spans.length && spans[last]!.from < window.to) last += 1;
    const uptime = windowUptime(spans.slice(first, last), { from, to: window.to });
    minutes.online[window.hourOfWeek]! += uptime.online_minutes;
    minutes.observed[window.hourOfWeek]! += uptime.window_minutes;
  }
  return minutes;
}

/** The screens' minutes added together: an outlet's profile from its screens with history. */
export function pooled(profiles: readonly OnAirMinutes[]): OnAirMinutes {
  const sum = emptyMinutes();
  for (const profile of profiles) {
    for (let hour = 0; hour < HOURS_OF_WEEK; hour += 1) {
      sum.online[hour]! += profile.online[hour]!;
      sum.observed[hour]! += profile.observed[hour]!;
    }
  }
  return sum;
}

/** The share of each hour of the week a screen is on air, and where that came from. */
export interface OnAirProfile {
  basis: AvailabilityBasis;
  fractions: Float64Array;
}

export function profileOf(basis: AvailabilityBasis, minutes: OnAirMinutes): OnAirProfile {
  const fractions = new Float64Array(HOURS_OF_WEEK);
  for (let hour = 0; hour < HOURS_OF_WEEK; hour += 1) {
    const observed = minutes.observed[hour]!;
    fractions[hour] = observed > 0 ? minutes.online[hour]! / observed : 0;
  }
  return { basis, fractions };
}

export const DEFAULT_PROFILE: OnAirProfile = {
  basis: 'default',
  fractions: Float64Array.from({ length: HOURS_OF_WEEK }, (_, hourOfWeek) => {
    const hour = hourOfWeek % 24;
    return hour >= DEFAULT_ON_AIR.from_hour && hour < DEFAULT_ON_AIR.to_hour ? DEFAULT_ON_AIR.fraction : 0;
  }),
};
