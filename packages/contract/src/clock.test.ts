import fc from 'fast-check';
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

  it("agrees with Intl's own reading of every instant, one quarter-hour offset read for many plays or not", () => {
    const zones = [
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'America/New_York',
      'America/St_Johns',
      'Europe/London',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Pacific/Apia',
      'UTC',
    ];
    const intlReading = (at: number, timeZone: string) => {
      const parts: Record<string, string> = {};
      const format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      for (const part of format.formatToParts(at)) parts[part.type] = part.value;
      return {
        date: `${parts.year}-${parts.month}-${parts.day}`,
        time: `${parts.hour}:${parts.minute}:${parts.second}`,
      };
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // 2000–2040, and the hours around each zone's changes of offset come up often enough.
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        (zone, at) => {
          expect(outletWallClock(at, zone)).toEqual(intlReading(at, zone));
        },
      ),
      { numRuns: 3000 },
    );
    // Every second of the hours around New York's, Lord Howe's (half an hour) and Chatham's changes.
    for (const [zone, change] of [
      ['America/New_York', Date.UTC(2026, 2, 8, 7)],
      ['America/New_York', Date.UTC(2026, 10, 1, 6)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15)],
      ['Pacific/Chatham', Date.UTC(2026, 3, 4, 14)],
    ] as const) {
      for (let at = change - 3_600_000; at <= change + 3_600_000; at += 7_000) {
        expect(outletWallClock(at, zone)).toEqual(intlReading(at, zone));
      }
    }
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
