import type { AdScheduleInput, AdTargetingInput } from '@adloop/contract/ads';
import type { Availability, AvailabilityQuery, ScreenAvailability } from '@adloop/contract/inventory';
import { type AdSchedule, type AdTargeting, ALWAYS } from '@adloop/contract/targeting';
import type { ServiceContext } from '../../lib/context.ts';
import { fieldError } from '../../lib/http-error.ts';
import { assertTargetsExist } from '../ads/ad-targeting.ts';
import { flightDates, openFraction, playsInHour } from './capacity.ts';
import { reachedScreens } from './inventory.query.ts';
import { type LearntProfiles, learntProfilesOf } from './learnt-profiles.ts';
import { NOTHING_RESERVED, type ReservedPlays, screenHourKey } from './reserved-plays.ts';

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
 * Inventory of a line item before it is booked (issue 20, point 2): per screen reached, local date
 * and hour of the flight inside the dayparts, the plays of `spot_seconds` the hour holds and what
 * of it no held or booked line item has promised yet; summed per date and hour for the heat map.
 * Two queries (the screens, their outlets' four weeks of state changes, unless learnt in the last
 * ten minutes), the rest in memory.
 */
export async function availability(
  { db }: Pick<ServiceContext, 'db'>,
  query: AvailabilityQuery,
  {
    reservedPlays = NOTHING_RESERVED,
    learnt = learntProfilesOf(db),
    now = new Date(),
  }: { reservedPlays?: ReservedPlays; learnt?: LearntProfiles; now?: Date } = {},
): Promise<Availability> {
  await assertTargetsExist(db, query.targeting);
  const reached = await reachedScreens(db, targetingOf(query.targeting));
  if (reached.length === 0) throw fieldError('targeting', 'The targeting reaches no screen on air');

  const outletIds = [...new Set(reached.map((screen) => screen.outletId))];
  const profileOfScreen = await learnt.profilesOf(db, reached, now);
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
