import type { AdScheduleInput, AdTargetingInput } from '@adloop/contract/ads';
import type { Availability, AvailabilityQuery, ScreenAvailability } from '@adloop/contract/inventory';
import { type AdSchedule, type AdTargeting, ALWAYS } from '@adloop/contract/targeting';
import type { ServiceContext } from '../../lib/context.ts';
import { fieldError } from '../../lib/http-error.ts';
import { assertTargetsExist } from '../ads/ad-targeting.ts';
import { onlineSpans } from '../screen-activity/uptime.ts';
import { flightDates, openFraction, playsInHour } from './capacity.ts';
import { type HourWindow, hourWindows } from './hour-windows.ts';
import { historiesOf, type ReachedScreen, reachedScreens, type ScreenHistory } from './inventory.query.ts';
import {
  DEFAULT_PROFILE,
  MIN_HISTORY_MS,
  type OnAirMinutes,
  type OnAirProfile,
  onAirMinutes,
  pooled,
  profileOf,
} from './on-air-profile.ts';
import { NOTHING_RESERVED, type ReservedPlays, screenHourKey } from './reserved-plays.ts';

/** How far back a screen's time on air is learnt: four weeks, each hour of the week seen four times. */
export const HISTORY_MS = 28 * 86_400_000;

const unique = <T>(values: T[] | undefined): T[] => [...new Set(values ?? [])];

function targetingOf(input: AdTargetingInput): AdTargeting {
  return {
    tags: unique(input.tags),
    outlet_ids: unique(input.outlet_ids),
    pincodes: unique(input.pincodes),
    cities: unique(input.cities),
  };
}

function scheduleOf(input: AdScheduleInput | undefined): AdSchedule {
  return {
    ...ALWAYS,
    start_date: input?.start_date ?? null,
    end_date: input?.end_date ?? null,
    days_of_week: unique(input?.days_of_week),
    start_time: input?.start_time ?? null,
    end_time: input?.end_time ?? null,
  };
}

/**
 * Each screen's share of every hour of the week on air: its own last four weeks once it has a
 * week of history, else its outlet's screens that do, else the default.
 */
function profilesOf(reached: readonly ReachedScreen[], histories: Map<string, ScreenHistory>, now: number) {
  const since = now - HISTORY_MS;
  const zoneOfOutlet = new Map(reached.map((screen) => [screen.outletId, screen.timezone]));
  const windowsOfZone = new Map<string, HourWindow[]>();
  const ownMinutes = new Map<string, OnAirMinutes>();
  const withHistoryByOutlet = new Map<string, OnAirMinutes[]>();
  for (const [screenId, history] of histories) {
    const firstSeen = history.before ? since : (history.changes[0]?.at ?? now);
    if (now - firstSeen < MIN_HISTORY_MS) continue;
    const zone = zoneOfOutlet.get(history.outletId)!;
    let windows = windowsOfZone.get(zone);
    if (!windows) {
      windows = hourWindows(zone, since, now);
      windowsOfZone.set(zone, windows);
    }
    const minutes = onAirMinutes(onlineSpans(history.before, history.changes, now), windows, firstSeen);
    ownMinutes.set(screenId, minutes);
    withHistoryByOutlet.set(history.outletId, [...(withHistoryByOutlet.get(history.outletId) ?? []), minutes]);
  }
  const outletProfiles = new Map<string, OnAirProfile>();
  return (screen: ReachedScreen): OnAirProfile => {
    const own = ownMinutes.get(screen.id);
    if (own) return profileOf('history', own);
    const others = withHistoryByOutlet.get(screen.outletId);
    if (!others) return DEFAULT_PROFILE;
    let profile = outletProfiles.get(screen.outletId);
    if (!profile) {
      profile = profileOf('outlet', pooled(others));
      outletProfiles.set(screen.outletId, profile);
    }
    return profile;
  };
}

/**
 * Inventory of a line item before it is booked (issue 20, point 2): per screen reached, local date
 * and hour of the flight inside the dayparts, the plays of `spot_seconds` the hour holds and what
 * of it no held or booked line item has promised yet; summed per date and hour for the heat map.
 * Two queries (the screens, their four weeks of state changes), the rest in memory.
 */
export async function availability(
  { db }: ServiceContext,
  query: AvailabilityQuery,
  reservedPlays: ReservedPlays = NOTHING_RESERVED,
  now = new Date(),
): Promise<Availability> {
  await assertTargetsExist(db, query.targeting);
  const reached = await reachedScreens(db, targetingOf(query.targeting));
  if (reached.length === 0) throw fieldError('targeting', 'The targeting reaches no screen on air');

  const outletIds = [...new Set(reached.map((screen) => screen.outletId))];
  const histories = await historiesOf(db, outletIds, new Date(now.getTime() - HISTORY_MS), now);
  const profileOfScreen = profilesOf(reached, histories, now.getTime());
  const reserved = await reservedPlays.reserved({
    screenIds: reached.map((screen) => screen.id),
    startsOn: query.starts_on,
    endsOn: query.ends_on,
  });

  const schedule = scheduleOf(query.schedule);
  const dates = flightDates(query.starts_on, query.ends_on);
  const hoursOfDay = [...Array(24).keys()];
  const open = dates.map((date) => hoursOfDay.map((hour) => openFraction(schedule, date, hour)));
  const firstHourOfWeek = dates.map((date) => new Date(`${date}T00:00:00Z`).getUTCDay() * 24);
  const totals = dates.map((date, day) => ({
    date,
    capacity: open[day]!.map((share) => (share > 0 ? 0 : null)),
    available: open[day]!.map((share) => (share > 0 ? 0 : null)),
  }));
  const pageStart = (query.screens_page - 1) * query.screens_page_size;
  const byBasis = { history: 0, outlet: 0, default: 0 };
  const page: ScreenAvailability[] = [];
  let capacityInAll = 0;
  let availableInAll = 0;

  reached.forEach((screen, index) => {
    const profile = profileOfScreen(screen);
    byBasis[profile.basis] += 1;
    const detailed = index >= pageStart && index < pageStart + query.screens_page_size;
    const days: ScreenAvailability['days'] = [];
    let capacityOfScreen = 0;
    let availableOfScreen = 0;
    dates.forEach((date, day) => {
      const capacity: Array<number | null> = [];
      const available: Array<number | null> = [];
      for (let hour = 0; hour < 24; hour += 1) {
        const share = open[day]![hour]!;
        const outside = share === 0;
        if (outside && detailed) {
          capacity.push(null);
          available.push(null);
        }
        if (outside) continue;
        const plays = playsInHour(profile.fractions[firstHourOfWeek[day]! + hour]!, share, query.spot_seconds);
        const promised = reserved.size === 0 ? 0 : (reserved.get(screenHourKey(screen.id, date, hour)) ?? 0);
        const left = Math.max(0, plays - promised);
        capacityOfScreen += plays;
        availableOfScreen += left;
        totals[day]!.capacity[hour]! += plays;
        totals[day]!.available[hour]! += left;
        if (detailed) {
          capacity.push(plays);
          available.push(left);
        }
      }
      if (detailed) days.push({ date, capacity, available });
    });
    capacityInAll += capacityOfScreen;
    availableInAll += availableOfScreen;
    if (detailed) {
      page.push({
        screen_id: screen.id,
        screen_code: screen.code,
        outlet_id: screen.outletId,
        timezone: screen.timezone,
        basis: profile.basis,
        capacity: capacityOfScreen,
        available: availableOfScreen,
        days,
      });
    }
  });

  return {
    spot_seconds: query.spot_seconds,
    reach: { screens: reached.length, outlets: outletIds.length, by_basis: byBasis },
    totals: { capacity: capacityInAll, available: availableInAll, days: totals },
    screens: page,
  };
}
