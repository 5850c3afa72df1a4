import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AdSchedule,
  type AdTargeting,
  ALWAYS,
  isEligible,
  isInSchedule,
  localClock,
  matchesTargeting,
  NO_TARGETING,
  type ScreenPlace,
} from './targeting.ts';

const ZONES = ['Asia/Kolkata', 'UTC', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham'];
const TAGS = ['cafe', 'gym', 'mall', 'kids', 'night'];
const OUTLETS = ['o1', 'o2', 'o3'];
const PINCODES = ['560001', '110001', '400001'];
const CITIES = ['Bengaluru', 'Delhi', 'Mumbai'];

const some = <T>(values: T[]) => fc.subarray(values);
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
const date = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((value) => value.toISOString().slice(0, 10));

const targeting: fc.Arbitrary<AdTargeting> = fc.record({
  tags: some(TAGS),
  outlet_ids: some(OUTLETS),
  pincodes: some(PINCODES),
  cities: some(CITIES),
});
const schedule: fc.Arbitrary<AdSchedule> = fc.record({
  start_date: fc.option(date),
  end_date: fc.option(date),
  days_of_week: some([0, 1, 2, 3, 4, 5, 6]),
  start_time: fc.option(time),
  end_time: fc.option(time),
  priority: fc.integer({ min: -10, max: 10 }),
  share_of_voice: fc.integer({ min: 1, max: 100 }),
});
const screen: fc.Arbitrary<ScreenPlace> = fc.record({
  tags: some(TAGS),
  outlet_id: fc.constantFrom(...OUTLETS),
  outlet_tags: some(TAGS),
  pincode: fc.option(fc.constantFrom(...PINCODES)),
  city: fc.option(fc.constantFrom(...CITIES, 'bengaluru ', 'DELHI')),
  timezone: fc.constantFrom(...ZONES),
});
const clock = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2027-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const kind = fc.constantFrom<keyof AdTargeting>('tags', 'outlet_ids', 'pincodes', 'cities');
const valuesOf: Record<keyof AdTargeting, string[]> = {
  tags: TAGS,
  outlet_ids: OUTLETS,
  pincodes: PINCODES,
  cities: CITIES,
};

describe('eligibility', () => {
  it('an ad with no targeting and no schedule is eligible on every screen at every instant', () => {
    fc.assert(
      fc.property(screen, clock, (place, now) => isEligible({ targeting: NO_TARGETING, schedule: ALWAYS }, place, now)),
    );
  });

  it('adding a targeting value to a kind already given never makes an ineligible ad eligible', () => {
    fc.assert(
      fc.property(targeting, screen, kind, fc.nat(), (given, place, which, pick) => {
        fc.pre(given[which].length > 0);
        const values = valuesOf[which];
        const widened = { ...given, [which]: [...given[which], values[pick % values.length]!] };
        if (matchesTargeting(widened, place)) return true;
        return !matchesTargeting(given, place);
      }),
    );
  });

  it('giving another kind never makes an ineligible ad eligible (AND across kinds)', () => {
    fc.assert(
      fc.property(targeting, screen, kind, fc.nat(), (given, place, which, pick) => {
        fc.pre(given[which].length === 0);
        const values = valuesOf[which];
        const narrowed = { ...given, [which]: [values[pick % values.length]!] };
        return !matchesTargeting(narrowed, place) || matchesTargeting(given, place);
      }),
    );
  });

  it('matches exactly when every given kind shares a value with the screen', () => {
    fc.assert(
      fc.property(targeting, screen, (given, place) => {
        const city = place.city?.trim().toLowerCase();
        const expected =
          (given.tags.length === 0 ||
            given.tags.some((tag) => place.tags.includes(tag) || place.outlet_tags.includes(tag))) &&
          (given.outlet_ids.length === 0 || given.outlet_ids.includes(place.outlet_id)) &&
          (given.pincodes.length === 0 || (place.pincode !== null && given.pincodes.includes(place.pincode))) &&
          (given.cities.length === 0 || given.cities.some((value) => value.toLowerCase() === city));
        expect(matchesTargeting(given, place)).toBe(expected);
      }),
    );
  });

  it('a time window and its complement partition every instant', () => {
    fc.assert(
      fc.property(time, time, fc.constantFrom(...ZONES), clock, (start, end, zone, now) => {
        fc.pre(start !== end);
        const window = { ...ALWAYS, start_time: start, end_time: end };
        const complement = { ...ALWAYS, start_time: end, end_time: start };
        return isInSchedule(window, zone, now) !== isInSchedule(complement, zone, now);
      }),
    );
  });

  it('a schedule never opens outside its dates or days', () => {
    fc.assert(
      fc.property(schedule, fc.constantFrom(...ZONES), clock, (given, zone, now) => {
        fc.pre(given.start_time === null || given.end_time === null || given.start_time <= given.end_time);
        if (!isInSchedule(given, zone, now)) return true;
        const local = localClock(now, zone);
        if (given.start_date !== null && local.date < given.start_date) return false;
        if (given.end_date !== null && local.date > given.end_date) return false;
        return given.days_of_week.length === 0 || given.days_of_week.includes(local.day);
      }),
    );
  });

  it('narrowing a schedule (fewer days) never opens it', () => {
    fc.assert(
      fc.property(schedule, fc.constantFrom(...ZONES), clock, fc.nat(6), (given, zone, now, dropped) => {
        const narrowed = {
          ...given,
          days_of_week: (given.days_of_week.length ? given.days_of_week : [0, 1, 2, 3, 4, 5, 6]).filter(
            (day) => day !== dropped,
          ),
        };
        fc.pre(narrowed.days_of_week.length > 0);
        return !isInSchedule(narrowed, zone, now) || isInSchedule(given, zone, now);
      }),
    );
  });

  it('reads the local clock through the zone, DST included', () => {
    // New York: 2026-03-08 02:00 EST jumps to 03:00 EDT.
    expect(localClock(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      day: 0,
      minutes: 60 + 59,
    });
    expect(localClock(new Date('2026-03-08T07:00:00Z'), 'America/New_York').minutes).toBe(3 * 60);
    // Kolkata is UTC+05:30 all year.
    expect(localClock(new Date('2026-11-21T18:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-22',
      day: 0,
      minutes: 0,
    });
  });

  it('a window crossing midnight belongs to the day it started', () => {
    const fridayNight = { ...ALWAYS, days_of_week: [5], start_time: '22:00', end_time: '02:00' };
    // 2026-11-20 is a Friday; Kolkata is UTC+05:30.
    const at = (local: string) => new Date(`${local}+05:30`);
    expect(isInSchedule(fridayNight, 'Asia/Kolkata', at('2026-11-20T21:59:00'))).toBe(false);
    expect(isInSchedule(fridayNight, 'Asia/Kolkata', at('2026-11-20T22:00:00'))).toBe(true);
    expect(isInSchedule(fridayNight, 'Asia/Kolkata', at('2026-11-21T01:59:00'))).toBe(true);
    expect(isInSchedule(fridayNight, 'Asia/Kolkata', at('2026-11-21T02:00:00'))).toBe(false);
    expect(isInSchedule(fridayNight, 'Asia/Kolkata', at('2026-11-20T01:00:00'))).toBe(false);
  });

  it('dates are inclusive in the outlet zone', () => {
    const november = { ...ALWAYS, start_date: '2026-11-01', end_date: '2026-11-30' };
    expect(isInSchedule(november, 'Asia/Kolkata', new Date('2026-10-31T18:30:00Z'))).toBe(true);
    expect(isInSchedule(november, 'Asia/Kolkata', new Date('2026-10-31T18:29:00Z'))).toBe(false);
    expect(isInSchedule(november, 'Asia/Kolkata', new Date('2026-11-30T18:29:00Z'))).toBe(true);
    expect(isInSchedule(november, 'Asia/Kolkata', new Date('2026-11-30T18:30:00Z'))).toBe(false);
  });
});
