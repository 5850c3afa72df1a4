import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { onNineToFive } from './helpers/screen-history.ts';
import { bearer, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const DAY = 86_400_000;
const HOURS = [...Array(24).keys()];

const utcDate = (at: number) => new Date(at).toISOString().slice(0, 10);

type Day = { date: string; capacity: Array<number | null>; available: Array<number | null> };
type Screen = { screen_id: string; basis: string; timezone: string; capacity: number; available: number; days: Day[] };

const nineToFive = HOURS.map((hour) => (hour >= 9 && hour < 17 ? 360 : 0));
const defaultDay = HOURS.map((hour) => (hour >= 8 && hour < 22 ? 324 : 0));

describe.each(databaseKinds)('inventory availability on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let companyAdmin: string;
  let outletAdmin: string;
  const ids = { kolkata: '', newYork: '', newcomer: '', alone: '' };
  const outletIds: string[] = [];
  const startsOn = utcDate(Date.now() + 2 * DAY);
  const endsOn = utcDate(Date.now() + 8 * DAY);

  const ask = (payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/inventory/availability', payload, headers: bearer(token) });
  const flight = (more: object = {}) => ({
    targeting: { outlet_ids: outletIds },
    starts_on: startsOn,
    ends_on: endsOn,
    spot_seconds: 10,
    ...more,
  });
  const answer = async (payload: object, token = admin) => {
    const response = await ask(payload, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const screenOf = (data: { screens: Screen[] }, id: string) => data.screens.find((screen) => screen.screen_id === id)!;

  beforeAll(async () => {
    admin = await signInAs(t);
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: (await createCompany(t.db)).id });
    const kolkata = await createOutlet(t.db, { timezone: 'Asia/Kolkata' });
    const newYork = await createOutlet(t.db, { timezone: 'America/New_York' });
    const lonely = await createOutlet(t.db, { timezone: 'Asia/Kolkata' });
    outletIds.push(kolkata.id, newYork.id, lonely.id);
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [kolkata.id] });
    const kolkataScreen = await createScreen(t.db, kolkata.id, { tags: ['lobby'] });
    const newYorkScreen = await createScreen(t.db, newYork.id);
    const newcomer = await createScreen(t.db, newYork.id);
    const alone = await createScreen(t.db, lonely.id);
    Object.assign(ids, {
      kolkata: kolkataScreen.id,
      newYork: newYorkScreen.id,
      newcomer: newcomer.id,
      alone: alone.id,
    });
    await onNineToFive(t.db, kolkataScreen, 'Asia/Kolkata', 30);
    await onNineToFive(t.db, newYorkScreen, 'America/New_York', 30);
    await onNineToFive(t.db, newcomer, 'America/New_York', 2);
    await onNineToFive(t.db, alone, 'Asia/Kolkata', 2);
  });

  it('a screen on 09:00–17:00 for four weeks holds 360 ten-second plays an hour then and none outside, in its own zone', async () => {
    const data = await answer(flight());
    for (const [id, zone] of [
      [ids.kolkata, 'Asia/Kolkata'],
      [ids.newYork, 'America/New_York'],
    ] as const) {
      const screen = screenOf(data, id);
      expect(screen).toMatchObject({ basis: 'history', timezone: zone });
      expect(screen.days).toHaveLength(7);
      for (const day of screen.days) {
        expect(day.capacity).toEqual(nineToFive);
        expect(day.available).toEqual(nineToFive);
      }
      expect(screen.capacity).toBe(7 * 8 * 360);
    }
  });

  it('a screen with two days of history takes its outlet’s profile, or the default without one, and says so', async () => {
    const data = await answer(flight());
    expect(screenOf(data, ids.newcomer).basis).toBe('outlet');
    expect(screenOf(data, ids.newcomer).days[0]!.capacity).toEqual(nineToFive);
    expect(screenOf(data, ids.alone).basis).toBe('default');
    expect(screenOf(data, ids.alone).days[0]!.capacity).toEqual(defaultDay);
    expect(data.reach).toEqual({ screens: 4, outlets: 3, by_basis: { history: 2, outlet: 1, default: 1 } });
  });

  it('totals are the sums of the screens, per date and hour and overall', async () => {
    const data = await answer(flight());
    data.totals.days.forEach((day: Day, index: number) => {
      expect(day.date).toBe(data.screens[0].days[index].date);
      for (const hour of HOURS) {
        const sum = data.screens.reduce(
          (total: number, screen: Screen) => total + screen.days[index]!.capacity[hour]!,
          0,
        );
        expect(day.capacity[hour]).toBe(sum);
        expect(day.available[hour]).toBe(sum);
      }
    });
    const overall = data.screens.reduce((total: number, screen: Screen) => total + screen.capacity, 0);
    expect(data.totals.capacity).toBe(overall);
    expect(data.totals.available).toBe(overall);
    expect(data.totals.capacity).toBe(3 * 7 * 8 * 360 + 7 * 14 * 324);
  });

  it('targeting leaves out the screens it does not reach', async () => {
    const data = await answer(flight({ targeting: { outlet_ids: outletIds, tags: ['lobby'] } }));
    expect(data.screens.map((screen: Screen) => screen.screen_id)).toEqual([ids.kolkata]);
    expect(data.totals.capacity).toBe(7 * 8 * 360);
  });

  it('only hours inside the dayparts count', async () => {
    const weekday = new Date(`${startsOn}T00:00:00Z`).getUTCDay();
    const data = await answer(
      flight({ schedule: { start_time: '12:00', end_time: '14:00', days_of_week: [weekday] }, screens_page_size: 10 }),
    );
    const [first, ...rest] = screenOf(data, ids.kolkata).days;
    expect(first!.capacity).toEqual(HOURS.map((hour) => (hour === 12 || hour === 13 ? 360 : null)));
    for (const day of rest) expect(day.capacity.every((plays) => plays === null)).toBe(true);
    expect(data.totals.capacity).toBe(3 * 2 * 360 + 2 * 324);
  });

  it('pages the screens, the totals always over all of them', async () => {
    const data = await answer(flight({ screens_page: 2, screens_page_size: 3 }));
    expect(data.screens).toHaveLength(1);
    expect(data.totals.capacity).toBe(3 * 7 * 8 * 360 + 7 * 14 * 324);
  });

  it('company staff see the network’s inventory; outlet staff may not ask', async () => {
    const data = await answer(flight(), companyAdmin);
    expect(data.reach.screens).toBe(4);
    expect((await ask(flight(), outletAdmin)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/inventory/availability', payload: flight() });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['a flight ending before it starts', { ends_on: utcDate(Date.now()) }, 'body.ends_on'],
    ['a flight over 92 days', { ends_on: utcDate(Date.now() + 200 * DAY) }, 'body.ends_on'],
    ['a date that is no date', { starts_on: '2026-02-30' }, 'body.starts_on'],
    ['a spot of 0 seconds', { spot_seconds: 0 }, 'body.spot_seconds'],
    ['a spot over an hour', { spot_seconds: 3601 }, 'body.spot_seconds'],
    ['a spot in fractions', { spot_seconds: 7.5 }, 'body.spot_seconds'],
    ['malformed targeting', { targeting: { outlet_ids: ['not-a-uuid'] } }, 'body.targeting.outlet_ids.0'],
    ['an unknown kind of targeting', { targeting: { floors: ['2'] } }, 'body.targeting'],
    ['no targeting', { targeting: undefined }, 'body.targeting'],
    [
      'an unknown outlet',
      { targeting: { outlet_ids: ['00000000-0000-4000-8000-000000000000'] } },
      'targeting.outlet_ids',
    ],
    ['targeting that reaches no screen', { targeting: { tags: ['nowhere-at-all'] } }, 'targeting'],
    [
      'dayparts ending as they start',
      { schedule: { start_time: '10:00', end_time: '10:00' } },
      'body.schedule.end_time',
    ],
  ])('%s is a 400 naming the field', async (_what, change, path) => {
    const response = await ask(flight(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details.map((detail: { path: string }) => detail.path)).toContain(path);
  });

  it('says the targeting reaches no screen', async () => {
    const response = await ask(flight({ targeting: { tags: ['nowhere-at-all'] } }));
    expect(response.json().message).toBe('The targeting reaches no screen on air');
  });
});
