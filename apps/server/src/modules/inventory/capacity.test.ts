import { ALWAYS } from '@adloop/contract/targeting';
import { describe, expect, it } from 'vitest';
import { flightDates, openFraction, playsInHour } from './capacity.ts';
import { hourWindows } from './hour-windows.ts';

describe('capacity of a screen-hour', () => {
  it('is whole plays of the ad seconds the hour holds on air', () => {
    expect(playsInHour(1, 1, 10)).toBe(360);
    expect(playsInHour(0.9, 1, 10)).toBe(324);
    expect(playsInHour(0.5, 0.5, 7)).toBe(128);
    expect(playsInHour(0, 1, 1)).toBe(0);
  });

  it('counts the part of an hour inside the dayparts, midnight crossings on the day they start', () => {
    const evenings = { ...ALWAYS, start_time: '21:30', end_time: '02:00', days_of_week: [5] };
    expect(openFraction(evenings, '2026-12-04', 21)).toBe(0.5);
    expect(openFraction(evenings, '2026-12-04', 22)).toBe(1);
    expect(openFraction(evenings, '2026-12-05', 1)).toBe(1);
    expect(openFraction(evenings, '2026-12-05', 2)).toBe(0);
    expect(openFraction(evenings, '2026-12-05', 21)).toBe(0);
    expect(openFraction(ALWAYS, '2026-12-05', 0)).toBe(1);
  });

  it('lists a flight inclusively', () => {
    expect(flightDates('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
});

describe('local hours of a zone', () => {
  it('cuts half-hour zones on their own hour edges', () => {
    const from = Date.parse('2026-12-06T00:00:00Z');
    const windows = hourWindows('Asia/Kolkata', from, from + 2 * 3_600_000);
    expect(windows.map((window) => [new Date(window.from).toISOString(), window.hourOfWeek])).toEqual([
      ['2026-12-06T00:00:00.000Z', 5],
      ['2026-12-06T00:30:00.000Z', 6],
      ['2026-12-06T01:30:00.000Z', 7],
    ]);
  });

  it('skips the hour DST skips and repeats the one it repeats', () => {
    const spring = Date.parse('2026-03-08T05:00:00Z');
    expect(hourWindows('America/New_York', spring, spring + 3 * 3_600_000).map((w) => w.hourOfWeek % 24)).toEqual([
      0, 1, 3,
    ]);
    const autumn = Date.parse('2026-11-01T04:00:00Z');
    expect(hourWindows('America/New_York', autumn, autumn + 4 * 3_600_000).map((w) => w.hourOfWeek % 24)).toEqual([
      0, 1, 1, 2,
    ]);
  });
});
