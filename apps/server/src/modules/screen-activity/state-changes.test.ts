import { describe, expect, it } from 'vitest';
import { type ActivityRecord, stateChangesOf } from './state-changes.ts';
import { onlineSpans, windowUptime } from './uptime.ts';

const T0 = Date.parse('2026-11-25T10:00:00Z');
const record = (id: string, kind: ActivityRecord['kind'], seconds: number): ActivityRecord => ({
  id,
  outletId: 'outlet',
  kind,
  occurredAt: new Date(T0 + seconds * 1000),
  // Reached the server 5 minutes later than the player's clock says (a clock running behind).
  receivedAt: new Date(T0 + seconds * 1000 + 300_000),
});
const summary = (changes: ReturnType<typeof stateChangesOf>) =>
  changes.map((change) => [
    change.kind,
    change.offlineReason,
    (change.occurredAt.getTime() - T0) / 1000,
    change.dueAt ? (change.dueAt.getTime() - T0) / 1000 : null,
  ]);

describe('stateChangesOf', () => {
  it('a first beat is ONLINE, and an OFFLINE one interval on, due an online window after it arrived', () => {
    expect(summary(stateChangesOf(record('a', 'ONLINE', 0), undefined, undefined))).toEqual([
      ['ONLINE', null, 0, null],
      ['OFFLINE', 'MISSED_HEARTBEATS', 60, 450],
    ]);
  });

  it('beats up to 150 s apart (a late timer, one lost request) keep the screen online', () => {
    expect(
      stateChangesOf(record('b', 'HEARTBEAT', 150), record('a', 'HEARTBEAT', 0), record('c', 'HEARTBEAT', 300)),
    ).toEqual([]);
  });

  it('a longer silence is an OFFLINE one interval after the last beat, and BACK_ONLINE at the next', () => {
    const before = record('a', 'HEARTBEAT', 0);
    const after = record('b', 'HEARTBEAT', 151);
    expect(summary(stateChangesOf(before, undefined, after))).toEqual([
      ['ONLINE', null, 0, null],
      ['OFFLINE', 'MISSED_HEARTBEATS', 60, null],
    ]);
    expect(summary(stateChangesOf(after, before, undefined))).toEqual([
      ['BACK_ONLINE', null, 151, null],
      ['OFFLINE', 'MISSED_HEARTBEATS', 211, 601],
    ]);
  });

  it('an offline post while online is OFFLINE at its own time; the beat after it is BACK_ONLINE', () => {
    const beat = record('a', 'HEARTBEAT', 0);
    const closed = record('b', 'OFFLINE', 30);
    const started = record('c', 'ONLINE', 40);
    expect(stateChangesOf(beat, undefined, closed).map((change) => change.kind)).toEqual(['ONLINE']);
    expect(summary(stateChangesOf(closed, beat, started))).toEqual([['OFFLINE', 'DISPLAY_CLOSED', 30, null]]);
    expect(summary(stateChangesOf(started, closed, undefined))[0]).toEqual(['BACK_ONLINE', null, 40, null]);
  });

  it('an offline post when already offline changes nothing', () => {
    expect(stateChangesOf(record('b', 'OFFLINE', 30), record('a', 'OFFLINE', 0), undefined)).toEqual([]);
    expect(stateChangesOf(record('b', 'OFFLINE', 400), record('a', 'HEARTBEAT', 0), undefined)).toEqual([]);
    expect(stateChangesOf(record('a', 'OFFLINE', 0), undefined, undefined)).toEqual([]);
  });
});

describe('uptime of a window', () => {
  const minute = 60_000;

  it('runs online spans between the changes, up to now while still online', () => {
    const changes = [
      { kind: 'OFFLINE' as const, at: 10 * minute },
      { kind: 'BACK_ONLINE' as const, at: 40 * minute },
    ];
    expect(onlineSpans({ kind: 'ONLINE', at: 0 }, changes, 60 * minute)).toEqual([
      { from: 0, to: 10 * minute },
      { from: 40 * minute, to: 60 * minute },
    ]);
    expect(onlineSpans(undefined, [{ kind: 'OFFLINE', at: 5 * minute }], 60 * minute)).toEqual([]);
  });

  it('counts whole minutes online over whole minutes of the window', () => {
    const spans = [{ from: 0, to: 30 * minute + 10_000 }];
    expect(windowUptime(spans, { from: 0, to: 60 * minute + 10_000 })).toEqual({
      online_minutes: 30,
      window_minutes: 60,
      uptime_pct: 50,
    });
    expect(windowUptime(spans, { from: 20 * minute, to: 25 * minute })).toMatchObject({ uptime_pct: 100 });
  });

  it('has no reading for a window the screen did not exist in, or that has not begun', () => {
    expect(windowUptime([], { from: 10 * minute, to: 5 * minute })).toEqual({
      online_minutes: 0,
      window_minutes: 0,
      uptime_pct: null,
    });
  });
});
