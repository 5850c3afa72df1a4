import { describe, expect, it } from 'vitest';
import { outletWallClock, zonedInstant } from './clock.ts';

describe('outlet wall clock', () => {
  it("reads an instant on the outlet's own clock, across the date line and DST", () => {
    expect(outletWallClock(new Date('2026-11-27T03:42:05Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-27',
      time: '09:12:05',
    });
    expect(outletWallClock(new Date('2026-11-27T20:00:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-28',
      time: '01:30:00',
    });
    expect(outletWallClock(new Date('2026-03-08T06:59:59Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      time: '01:59:59',
    });
    expect(outletWallClock(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      time: '03:00:00',
    });
    expect(outletWallClock(Date.parse('2026-01-01T00:00:00Z'), 'UTC')).toEqual({
      date: '2026-01-01',
      time: '00:00:00',
    });
  });

  it('turns a wall clock of a zone back into its instant', () => {
    expect(zonedInstant('2026-11-27', '09:12:05', 'Asia/Kolkata').toISOString()).toBe('2026-11-27T03:42:05.000Z');
    expect(zonedInstant('2026-07-04', '12:00:00', 'America/New_York').toISOString()).toBe('2026-07-04T16:00:00.000Z');
    expect(zonedInstant('2026-12-04', '12:00:00', 'America/New_York').toISOString()).toBe('2026-12-04T17:00:00.000Z');
    for (const zone of ['Asia/Kolkata', 'America/New_York', 'Pacific/Chatham', 'UTC']) {
      const at = new Date('2026-11-20T18:04:05Z');
      const clock = outletWallClock(at, zone);
      expect(zonedInstant(clock.date, clock.time, zone).getTime()).toBe(at.getTime());
    }
  });
});
