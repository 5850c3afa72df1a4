import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlineSpans, type Span, windowUptime } from '../screen-activity/uptime.ts';
import { HOURS_OF_WEEK, type HourWindow, hourWindows } from './hour-windows.ts';
import type { Change } from './inventory.query.ts';
import { MIN_HISTORY_MS, type OnAirMinutes, observedMinutes, onAirMinutes } from './on-air-profile.ts';

const DAY = 86_400_000;
const HISTORY = 28 * DAY;

/** The way it was first reckoned, the definition the sweep must equal: `windowUptime` of each local hour. */
function perHourUptime(spans: readonly Span[], windows: readonly HourWindow[], since: number): OnAirMinutes {
  const minutes = { online: new Float64Array(HOURS_OF_WEEK), observed: new Float64Array(HOURS_OF_WEEK) };
  for (const window of windows) {
    if (window.to <= since) continue;
    const uptime = windowUptime(spans, { from: Math.max(window.from, since), to: window.to });
    minutes.online[window.hourOfWeek]! += uptime.online_minutes;
    minutes.observed[window.hourOfWeek]! += uptime.window_minutes;
  }
  return minutes;
}

// Instants across 2025–2027, so the four weeks often hold a DST change (March, October, November).
const nowArbitrary = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) });
// Offsets into the history: on the minute, on the half minute (rounding ties) or any millisecond.
const offsetArbitrary = fc.oneof(
  fc.integer({ min: 0, max: HISTORY / 60_000 - 1 }).map((minute) => minute * 60_000),
  fc.integer({ min: 0, max: HISTORY / 30_000 - 1 }).map((half) => half * 30_000),
  fc.integer({ min: 0, max: HISTORY - 1 }),
);
const kindArbitrary = fc.constantFrom<Change['kind']>('ONLINE', 'BACK_ONLINE', 'OFFLINE');

const historyArbitrary = fc.record({
  zone: fc.constantFrom('America/New_York', 'Europe/London', 'Asia/Kolkata'),
  now: nowArbitrary,
  before: fc.option(fc.record({ kind: kindArbitrary, ago: fc.integer({ min: 1, max: 5 * DAY }) }), { nil: undefined }),
  changes: fc.array(fc.record({ kind: kindArbitrary, offset: offsetArbitrary }), { maxLength: 200 }),
});

describe('a screen’s minutes on air per hour of the week', () => {
  it('equal the uptime of each local hour, for random histories in zones with and without DST', () => {
    fc.assert(
      fc.property(historyArbitrary, ({ zone, now, before, changes: drawn }) => {
        const since = now - HISTORY;
        const changes = drawn
          .map((change) => ({ kind: change.kind, at: since + change.offset }))
          .sort((a, b) => a.at - b.at);
        const previous = before && { kind: before.kind, at: since - before.ago };
        const firstSeen = previous ? since : (changes[0]?.at ?? now);
        fc.pre(now - firstSeen >= MIN_HISTORY_MS);
        const spans = onlineSpans(previous, changes, now);
        const windows = hourWindows(zone, since, now);
        const expected = perHourUptime(spans, windows, firstSeen);
        expect(onAirMinutes(spans, windows, firstSeen)).toEqual(expected);
        expect(onAirMinutes(spans, windows, firstSeen, observedMinutes(windows, firstSeen))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  }, 60_000); // 300 random histories: CPU-bound, slow only on a busy machine

  it('split a span at the hours it crosses, and round each hour’s minutes as the uptime report does', () => {
    const now = Date.UTC(2026, 2, 1);
    const since = now - HISTORY;
    const windows = hourWindows('Asia/Kolkata', since, now);
    // Online 10:00:30–12:30:30 UTC, 15:30:30–18:00:30 in Kolkata: 29.5 minutes of 15:00 and half a
    // minute of 18:00, each rounded up.
    const day = since + 7 * DAY;
    const spans = [{ from: day + 10 * 3_600_000 + 30_000, to: day + 12.5 * 3_600_000 + 30_000 }];
    const minutes = onAirMinutes(spans, windows, since);
    const weekday = new Date(day).getUTCDay() * 24;
    expect([...minutes.online.slice(weekday + 15, weekday + 19)]).toEqual([30, 60, 60, 1]);
    expect(minutes).toEqual(perHourUptime(spans, windows, since));
  });
});
