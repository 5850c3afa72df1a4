import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { screenActivity } from '../src/db/schema.ts';
import { HOURS_OF_WEEK, type HourWindow, hourWindows } from '../src/modules/inventory/hour-windows.ts';
import { type Change, historiesOf, type ReachedScreen } from '../src/modules/inventory/inventory.query.ts';
import { HISTORY_MS, LearntProfiles } from '../src/modules/inventory/learnt-profiles.ts';
import {
  DEFAULT_PROFILE,
  MIN_HISTORY_MS,
  type OnAirMinutes,
  pooled,
  profileOf,
} from '../src/modules/inventory/on-air-profile.ts';
import { onlineSpans, type Span, windowUptime } from '../src/modules/screen-activity/uptime.ts';
import { createOutlet, createScreen } from './helpers/factories.ts';
import { atLocal } from './helpers/screen-history.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * The four weeks a screen's capacity is learnt from are read by one statement that spells each
 * state change as milliseconds after `since` (decision 084, step 2; issue 20's cold availability).
 * Here its histories and the profiles learnt from them are held against the definition: the rows
 * read plainly (epoch milliseconds rounded from PostgreSQL's microseconds, the last change before
 * by time then id), and `windowUptime` of each local hour.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LONDON = 'Europe/London';
/** Four weeks that hold London's spring change (29 March 2026, 01:00 UTC). */
const NOW = Date.parse('2026-04-12T15:20:07.300Z');
const SINCE = NOW - HISTORY_MS;

type Kind = Change['kind'] | 'BACK_ONLINE';
interface Row {
  kind: Kind;
  /** An ISO instant, to the microsecond. */
  at: string;
  dueAt?: string;
}

/** An instant as PostgreSQL reads it, with `micros` microseconds more than the millisecond. */
const iso = (ms: number, micros = 0) => new Date(ms).toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`);
const localDay = (back: number) => new Intl.DateTimeFormat('en-CA', { timeZone: LONDON }).format(NOW - back * DAY);

async function insertChanges(db: Database, screen: { id: string; outletId: string }, rows: Row[]) {
  const [source] = await db
    .insert(screenActivity)
    .values({
      screenId: screen.id,
      outletId: screen.outletId,
      kind: 'ONLINE',
      occurredAt: new Date(SINCE - 5 * DAY),
      activityDate: iso(SINCE - 5 * DAY).slice(0, 10),
      activityTime: '00:00:00',
    })
    .returning();
  const values = rows.map(
    (row) =>
      sql`(${screen.id}::uuid, ${screen.outletId}::uuid, ${source!.id}::uuid, ${row.kind},
        ${row.kind === 'OFFLINE' ? 'MISSED_HEARTBEATS' : null}, ${row.at}::timestamptz, ${row.dueAt ?? null}::timestamptz)`,
  );
  await db.execute(sql`insert into screen_state_changes
    (screen_id, outlet_id, source_id, kind, offline_reason, occurred_at, due_at) values ${sql.join(values, sql`, `)}`);
}

/** The definition: each local hour's `windowUptime` from the screen's first sight, summed per hour of the week. */
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

/** A screen's history read plainly: every row, its instant by a numeric `extract`, the last before by time then id. */
async function plainHistory(db: Database, screenId: string) {
  const until = new Date(NOW).toISOString();
  const due = sql`(due_at is null or due_at <= ${until}::timestamptz)`;
  const asChange = (row: { kind: Kind; at: string }): Change => ({
    kind: row.kind === 'OFFLINE' ? 'OFFLINE' : 'ONLINE',
    at: Number(row.at),
  });
  const before = await db.execute(sql`
    select kind, ((extract(epoch from occurred_at) * 1000)::bigint)::text as at from screen_state_changes
    where screen_id = ${screenId}::uuid and occurred_at < ${new Date(SINCE).toISOString()}::timestamptz and ${due}
    order by occurred_at desc, id desc limit 1`);
  const within = await db.execute(sql`
    select kind, ((extract(epoch from occurred_at) * 1000)::bigint)::text as at from screen_state_changes
    where screen_id = ${screenId}::uuid and occurred_at >= ${new Date(SINCE).toISOString()}::timestamptz
      and occurred_at < ${until}::timestamptz and ${due}
    order by occurred_at`);
  const [last] = (before as unknown as { rows: Array<{ kind: Kind; at: string }> }).rows;
  return {
    before: last && asChange(last),
    changes: (within as unknown as { rows: Array<{ kind: Kind; at: string }> }).rows.map(asChange),
  };
}

describe.each(databaseKinds)('the learnt on-air profiles on %s', (kind) => {
  const t = useTestApp(kind);

  it('equal the uptime of each local hour, across midnight, London’s clock change, odd instants and short histories', async () => {
    const london = await createOutlet(t.db, { timezone: LONDON });
    const kolkata = await createOutlet(t.db, { timezone: 'Asia/Kolkata' });
    const screens = {
      // Evenings across midnight every day, at instants off the minute and the millisecond.
      night: await createScreen(t.db, london.id),
      // Ten days of history only: its own profile, observed from its first change.
      steady: await createScreen(t.db, london.id),
      // Three days: its outlet's screens pooled.
      newcomer: await createScreen(t.db, london.id),
      // Five days and an outlet of its own: the default.
      alone: await createScreen(t.db, kolkata.id),
    };

    const night: Row[] = [
      // Before the four weeks: a tie at one instant (the greatest id is the state then), and an
      // OFFLINE not yet due then, which does not count.
      { kind: 'ONLINE', at: iso(SINCE - 2 * HOUR) },
      { kind: 'OFFLINE', at: iso(SINCE - 2 * HOUR) },
      { kind: 'OFFLINE', at: iso(SINCE - HOUR), dueAt: iso(NOW + HOUR) },
      // On the very instant the four weeks start.
      { kind: 'BACK_ONLINE', at: iso(SINCE) },
      { kind: 'OFFLINE', at: iso(SINCE + 17 * 60_000 + 29_999, 500) },
    ];
    for (let back = 27; back >= 1; back -= 1) {
      const date = localDay(back);
      // 21:17:45.250 on, 02:03:10.0005 the next day off: across midnight, half a millisecond over.
      const on = atLocal(date, 21, LONDON) + 17 * 60_000 + 45_250;
      const off = atLocal(localDay(back - 1), 2, LONDON) + 3 * 60_000 + 10_000;
      night.push({ kind: back % 3 === 0 ? 'BACK_ONLINE' : 'ONLINE', at: iso(on) });
      night.push({ kind: 'OFFLINE', at: iso(off, back % 2 === 0 ? 500 : 499) });
      // A drop of half a minute on odd days, due already, and a pending OFFLINE not yet due.
      if (back % 2 === 1) {
        night.push({ kind: 'OFFLINE', at: iso(on + HOUR + 15_000), dueAt: iso(on + HOUR + 20_000) });
        night.push({ kind: 'BACK_ONLINE', at: iso(on + HOUR + 45_000) });
      }
      if (back === 5) night.push({ kind: 'OFFLINE', at: iso(on + 30 * 60_000), dueAt: iso(NOW + DAY) });
    }
    // Online again now, and a change after now, which does not count yet.
    night.push({ kind: 'ONLINE', at: iso(NOW - 40 * 60_000 - 1, 700) });
    night.push({ kind: 'OFFLINE', at: iso(NOW + 60_000) });
    await insertChanges(t.db, screens.night, night);

    const steady: Row[] = [];
    for (let back = 10; back >= 1; back -= 1) {
      steady.push({ kind: 'ONLINE', at: iso(atLocal(localDay(back), 8, LONDON) + 30_000) });
      steady.push({ kind: 'OFFLINE', at: iso(atLocal(localDay(back), 23, LONDON) + 59 * 60_000 + 59_999, 999) });
    }
    await insertChanges(t.db, screens.steady, steady);
    await insertChanges(t.db, screens.newcomer, [
      { kind: 'ONLINE', at: iso(NOW - 3 * DAY) },
      { kind: 'OFFLINE', at: iso(NOW - DAY + 1, 1) },
    ]);
    await insertChanges(t.db, screens.alone, [{ kind: 'ONLINE', at: iso(NOW - 5 * DAY, 250) }]);

    const reached: ReachedScreen[] = Object.values(screens).map((screen) => ({
      id: screen.id,
      code: screen.screenCode,
      outletId: screen.outletId,
      timezone: screen.outletId === london.id ? LONDON : 'Asia/Kolkata',
    }));
    const histories = await historiesOf(t.db, [london.id, kolkata.id], new Date(SINCE), new Date(NOW));
    const expected = new Map<string, OnAirMinutes>();
    for (const screen of reached) {
      const plain = await plainHistory(t.db, screen.id);
      expect(histories.get(screen.id), screen.id).toEqual({ outletId: screen.outletId, ...plain });
      const firstSeen = plain.before ? SINCE : (plain.changes[0]?.at ?? NOW);
      if (NOW - firstSeen < MIN_HISTORY_MS) continue;
      const spans = onlineSpans(plain.before, plain.changes, NOW);
      expected.set(screen.id, perHourUptime(spans, hourWindows(screen.timezone, SINCE, NOW), firstSeen));
    }
    expect([...expected.keys()].sort()).toEqual([screens.night.id, screens.steady.id].sort());
    // The clock change is inside the four weeks: London's 01:00 of that Sunday was skipped.
    const windows = hourWindows(LONDON, SINCE, NOW);
    expect(windows.filter((window) => window.hourOfWeek === 1).length).toBe(3);

    const profileOfScreen = await new LearntProfiles().profilesOf(t.db, reached, new Date(NOW));
    const outlet = profileOf('outlet', pooled([expected.get(screens.night.id)!, expected.get(screens.steady.id)!]));
    expect(profileOfScreen(reached[0]!)).toEqual(profileOf('history', expected.get(screens.night.id)!));
    expect(profileOfScreen(reached[1]!)).toEqual(profileOf('history', expected.get(screens.steady.id)!));
    expect(profileOfScreen(reached[2]!)).toEqual(outlet);
    expect(profileOfScreen(reached[3]!)).toEqual(DEFAULT_PROFILE);
    // The evenings are learnt: on in the small hours and late evening, never at noon.
    const fractions = profileOfScreen(reached[0]!).fractions;
    expect(fractions[3 * 24 + 1]).toBeGreaterThan(0.9);
    expect(fractions[3 * 24 + 12]).toBe(0);
  });
});
