import type { Pacing } from '@adloop/contract/campaigns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlanRules, planLineItem, type ScreenHour } from './line-item-plan.ts';

const hoursOf = (screenId: string, date: string, available: number[], firstHour = 10): ScreenHour[] =>
  available.map((plays, n) => ({ screenId, date, hour: firstHour + n, available: plays }));

const rules = (more: Partial<PlanRules>): PlanRules => ({
  goal: 100,
  pacing: 'EVEN',
  maxPlaysPerScreenHour: null,
  dailyCap: null,
  ...more,
});

const playsOf = (plan: ReturnType<typeof planLineItem>) => plan.hours.map((hour) => hour.plays);

describe('planLineItem', () => {
  it('EVEN spreads the goal in proportion to what is available, in whole plays summing to it', () => {
    const plan = planLineItem(hoursOf('a', '2026-12-01', [100, 200, 100]), rules({ goal: 100 }));
    expect(playsOf(plan)).toEqual([25, 50, 25]);
    expect(plan).toMatchObject({ planned: 100, shortfall: 0 });
  });

  it('rounds by largest remainder and still sums exactly to the goal', () => {
    const plan = planLineItem(hoursOf('a', '2026-12-01', [10, 10, 10]), rules({ goal: 10 }));
    expect(plan.planned).toBe(10);
    expect(playsOf(plan).reduce((sum, plays) => sum + plays, 0)).toBe(10);
    expect(Math.max(...playsOf(plan)) - Math.min(...playsOf(plan))).toBeLessThanOrEqual(1);
  });

  it('caps each screen-hour at max_plays_per_screen_hour and moves the rest to the others', () => {
    const plan = planLineItem(
      hoursOf('a', '2026-12-01', [100, 100, 20]),
      rules({ goal: 90, maxPlaysPerScreenHour: 30 }),
    );
    expect(playsOf(plan)).toEqual([30, 30, 20]);
    expect(plan.planned).toBe(80);
    expect(plan.shortfall).toBe(10);
  });

  it('caps each day at daily_cap and moves the rest to other days', () => {
    const screenHours = [...hoursOf('a', '2026-12-01', [50, 50]), ...hoursOf('a', '2026-12-02', [10, 10])];
    const plan = planLineItem(screenHours, rules({ goal: 60, dailyCap: 40 }));
    const perDay = (date: string) =>
      plan.hours.filter((hour) => hour.date === date).reduce((sum, hour) => sum + hour.plays, 0);
    expect(perDay('2026-12-01')).toBe(40);
    expect(perDay('2026-12-02')).toBe(20);
    expect(plan.shortfall).toBe(0);
  });

  it('FRONTLOADED weighs the first hour 1.5 and the last 0.5', () => {
    const plan = planLineItem(hoursOf('a', '2026-12-01', [100, 100, 100]), rules({ goal: 90, pacing: 'FRONTLOADED' }));
    expect(playsOf(plan)).toEqual([45, 30, 15]);
  });

  it('ASAP fills the earliest hours first, splitting an hour over its screens by what is available', () => {
    const screenHours = [...hoursOf('a', '2026-12-01', [30, 30]), ...hoursOf('b', '2026-12-01', [10, 10])];
    const plan = planLineItem(screenHours, rules({ goal: 50, pacing: 'ASAP' }));
    expect(plan.hours.map(({ screenId, hour, plays }) => [screenId, hour, plays])).toEqual([
      ['a', 10, 30],
      ['b', 10, 10],
      ['a', 11, 8],
      ['b', 11, 2],
    ]);
  });

  it('names the shortfall when the goal does not fit, planning all that does', () => {
    const plan = planLineItem(hoursOf('a', '2026-12-01', [20]), rules({ goal: 50 }));
    expect(plan).toMatchObject({ planned: 20, shortfall: 30 });
    expect(playsOf(plan)).toEqual([20]);
  });

  it('plans nothing where nothing is available', () => {
    expect(planLineItem(hoursOf('a', '2026-12-01', [0, 0]), rules({ goal: 5 }))).toEqual({
      hours: [],
      planned: 0,
      shortfall: 5,
    });
    expect(planLineItem([], rules({ goal: 5 })).shortfall).toBe(5);
  });
});

describe('planLineItem over any flight', () => {
  const flight = fc.array(
    fc.record({
      screen: fc.integer({ min: 0, max: 5 }),
      day: fc.integer({ min: 1, max: 3 }),
      hour: fc.integer({ min: 0, max: 23 }),
      available: fc.integer({ min: 0, max: 60 }),
    }),
    { maxLength: 80 },
  );
  const planRules = fc.record({
    goal: fc.integer({ min: 0, max: 3_000 }),
    pacing: fc.constantFrom<Pacing>('EVEN', 'FRONTLOADED', 'ASAP'),
    maxPlaysPerScreenHour: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
    dailyCap: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
  });
  const screenHoursOf = (rows: Array<{ screen: number; day: number; hour: number; available: number }>) => {
    const seen = new Map<string, ScreenHour>();
    for (const row of rows) {
      const slot = {
        screenId: `s${row.screen}`,
        date: `2026-12-0${row.day}`,
        hour: row.hour,
        available: row.available,
      };
      seen.set(`${slot.screenId} ${slot.date} ${slot.hour}`, slot);
    }
    return [...seen.values()];
  };

  it('plans min(goal, what fits) in whole plays, no screen-hour past its room, no day past its cap, earliest first', () => {
    fc.assert(
      fc.property(flight, planRules, (rows, rule) => {
        const screenHours = screenHoursOf(rows);
        const plan = planLineItem(screenHours, rule);
        const roomOf = (slot: ScreenHour) => Math.min(slot.available, rule.maxPlaysPerScreenHour ?? Infinity);
        const fitsOn = new Map<string, number>();
        for (const slot of screenHours) fitsOn.set(slot.date, (fitsOn.get(slot.date) ?? 0) + roomOf(slot));
        const fits = [...fitsOn.values()].reduce((sum, room) => sum + Math.min(room, rule.dailyCap ?? Infinity), 0);
        expect(plan.planned).toBe(Math.min(rule.goal, fits));
        expect(plan.planned + plan.shortfall).toBe(rule.goal);
        expect(plan.hours.reduce((sum, hour) => sum + hour.plays, 0)).toBe(plan.planned);
        const perDay = new Map<string, number>();
        for (const hour of plan.hours) {
          expect(Number.isInteger(hour.plays) && hour.plays > 0).toBe(true);
          expect(hour.plays).toBeLessThanOrEqual(roomOf(hour));
          perDay.set(hour.date, (perDay.get(hour.date) ?? 0) + hour.plays);
        }
        for (const plays of perDay.values()) expect(plays).toBeLessThanOrEqual(rule.dailyCap ?? Infinity);
        const times = plan.hours.map((hour) => `${hour.date} ${String(hour.hour).padStart(2, '0')}`);
        expect(times).toEqual([...times].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('EVEN without caps gives each screen-hour its share of the goal by what is available, within two plays', () => {
    fc.assert(
      fc.property(flight, fc.integer({ min: 0, max: 3_000 }), (rows, goal) => {
        const screenHours = screenHoursOf(rows);
        const total = screenHours.reduce((sum, slot) => sum + slot.available, 0);
        const plan = planLineItem(screenHours, rules({ goal: Math.min(goal, total) }));
        const playsAt = new Map(plan.hours.map((hour) => [`${hour.screenId} ${hour.date} ${hour.hour}`, hour.plays]));
        for (const slot of screenHours) {
          const share = total === 0 ? 0 : (Math.min(goal, total) * slot.available) / total;
          const plays = playsAt.get(`${slot.screenId} ${slot.date} ${slot.hour}`) ?? 0;
          expect(Math.abs(plays - share)).toBeLessThan(2);
        }
      }),
      { numRuns: 300 },
    );
  });
});
