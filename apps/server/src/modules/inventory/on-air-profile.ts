import { type AvailabilityBasis, DEFAULT_ON_AIR } from '@adloop/contract/inventory';
import type { Span } from '../screen-activity/uptime.ts';
import { HOURS_OF_WEEK, type HourWindow, MINUTE_MS } from './hour-windows.ts';

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
 * Whole minutes each local hour of the zone observes from `since`, per hour of the week: the same
 * for every screen first seen at `since`, so learnt once per zone and first-seen instant.
 */
export function observedMinutes(windows: readonly HourWindow[], since: number): Float64Array {
  const observed = new Float64Array(HOURS_OF_WEEK);
  for (const window of windows) {
    if (window.to <= since) continue;
    observed[window.hourOfWeek]! += Math.round((window.to - Math.max(window.from, since)) / MINUTE_MS);
  }
  return observed;
}

/**
 * A screen's minutes online per hour of the week, as the uptime report reckons each local hour of
 * the zone from `since` (`windowUptime`: the milliseconds online in the hour, rounded to whole
 * minutes): one sweep of the online spans, each split at the hours' edges, both in time order. The
 * hours between two spans are skipped by a binary search: only hours a span touches are visited.
 */
export function onAirMinutes(
  spans: readonly Span[],
  windows: readonly HourWindow[],
  since: number,
  observed: Float64Array = observedMinutes(windows, since),
): OnAirMinutes {
  const online = new Float64Array(HOURS_OF_WEEK);
  const count = windows.length;
  let hour = 0;
  let onlineMs = 0;
  for (const span of spans) {
    const from = Math.max(span.from, since);
    if (span.to <= from) continue;
    if (hour < count && windows[hour]!.to <= from) {
      if (onlineMs > 0) online[windows[hour]!.hourOfWeek]! += Math.round(onlineMs / MINUTE_MS);
      onlineMs = 0;
      let low = hour + 1;
      let high = count;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (windows[middle]!.to <= from) low = middle + 1;
        else high = middle;
      }
      hour = low;
    }
    while (hour < count) {
      const window = windows[hour]!;
      if (window.from >= span.to) break;
      onlineMs += Math.min(span.to, window.to) - Math.max(from, window.from);
      if (window.to > span.to) break;
      if (onlineMs > 0) online[window.hourOfWeek]! += Math.round(onlineMs / MINUTE_MS);
      onlineMs = 0;
      hour += 1;
    }
  }
  if (hour < count && onlineMs > 0) online[windows[hour]!.hourOfWeek]! += Math.round(onlineMs / MINUTE_MS);
  return { online, observed: observed.slice() };
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
