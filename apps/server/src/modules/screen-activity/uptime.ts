import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, screenStateChanges, screens } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/http-error.ts';
import { scopedByOutlet } from '../../lib/scope.ts';
import { changeIsDue } from './state-changes.ts';

/** The longest range uptime is worked out over. */
export const MAX_UPTIME_DAYS = 93;
const MINUTE_MS = 60_000;

export interface UptimeQuery {
  from: string;
  to: string;
  screen_id?: string;
  outlet_id?: string;
}

export interface Span {
  from: number;
  to: number;
}

type Change = { kind: 'ONLINE' | 'BACK_ONLINE' | 'OFFLINE'; at: number };

/** When a screen was online, from its state changes in time order and the last one before them. */
export function onlineSpans(before: Change | undefined, changes: readonly Change[], now: number): Span[] {
  const spans: Span[] = [];
  let since = before && before.kind !== 'OFFLINE' ? before.at : null;
  for (const change of changes) {
    if (change.kind === 'OFFLINE') {
      if (since !== null) spans.push({ from: since, to: change.at });
      since = null;
    } else {
      since ??= change.at;
    }
  }
  if (since !== null) spans.push({ from: since, to: now });
  return spans;
}

/**
 * Uptime of one window: whole minutes online over whole minutes in it, each rounded from the
 * milliseconds; no reading for a window under half a minute (a day not begun, or before the screen).
 */
export function windowUptime(spans: readonly Span[], window: Span) {
  const windowMs = Math.max(0, window.to - window.from);
  let onlineMs = 0;
  for (const span of spans) onlineMs += Math.max(0, Math.min(span.to, window.to) - Math.max(span.from, window.from));
  const windowMinutes = Math.round(windowMs / MINUTE_MS);
  const onlineMinutes = Math.round(onlineMs / MINUTE_MS);
  return {
    online_minutes: onlineMinutes,
    window_minutes: windowMinutes,
    uptime_pct: windowMinutes > 0 ? Math.round((onlineMinutes / windowMinutes) * 1000) / 10 : null,
  };
}

/** Start and end of each local day of the range, per time zone, as PostgreSQL reckons them (DST included). */
async function dayBounds(db: Database, zones: readonly string[], from: string, to: string) {
  const result = await db.execute(sql`
    select zone, day::date::text as date,
      (extract(epoch from (day::date::timestamp at time zone zone)) * 1000)::float8 as "start",
      (extract(epoch from ((day::date + 1)::timestamp at time zone zone)) * 1000)::float8 as "end"
    from unnest(array[${sql.join(
      zones.map((zone) => sql`${zone}`),
      sql`, `,
    )}]::text[]) as zone,
      generate_series(${from}::date, ${to}::date, interval '1 day') as day
    order by zone, day`);
  const rows = (result as unknown as { rows: Array<{ zone: string; date: string; start: number; end: number }> }).rows;
  const byZone = new Map<string, Array<{ date: string; start: number; end: number }>>();
  for (const row of rows) {
    const days = byZone.get(row.zone) ?? [];
    days.push({ date: row.date, start: Number(row.start), end: Number(row.end) });
    byZone.set(row.zone, days);
  }
  return byZone;
}

/**
 * Uptime per screen per local day of its outlet (decision 048): minutes online over the minutes
 * of that day since the screen was first switched on (its first state change), up to now (decision
 * 092: the minutes before a new screen's first heartbeat are not downtime). Online spans run
 * between the screen's state changes, so heartbeats are never counted one by one.
 */
export async function uptime(ctx: ServiceContext, query: UptimeQuery, now = new Date()) {
  const { db, caller } = ctx;
  const dayCount =
    Math.round((Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000) + 1;
  if (dayCount <= 0) throw badRequest('to must be on or after from', [{ path: 'to', message: 'is before from' }]);
  if (dayCount > MAX_UPTIME_DAYS) {
    throw badRequest(`The range may span at most ${MAX_UPTIME_DAYS} days`, [
      { path: 'to', message: 'is too far from from' },
    ]);
  }
  const screenFilter: SQL | undefined = and(
    scopedByOutlet(caller, screens.outletId),
    query.screen_id ? eq(screens.id, query.screen_id) : undefined,
    query.outlet_id ? eq(screens.outletId, query.outlet_id) : undefined,
  );
  const visible = await db
    .select({
      id: screens.id,
      code: screens.screenCode,
      outletName: outlets.name,
      timezone: outlets.timezone,
    })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(screenFilter)
    .orderBy(screens.screenCode);
  if (visible.length === 0) return [];

  const bounds = await dayBounds(db, [...new Set(visible.map((screen) => screen.timezone))], query.from, query.to);
  const allDays = [...bounds.values()].flat();
  const lower = new Date(Math.min(...allDays.map((day) => day.start)));
  const upper = new Date(Math.max(...allDays.map((day) => day.end)));
  const due = changeIsDue(now);
  const lastBefore = db
    .select({ kind: screenStateChanges.kind, occurredAt: screenStateChanges.occurredAt })
    .from(screenStateChanges)
    .where(and(eq(screenStateChanges.screenId, screens.id), lt(screenStateChanges.occurredAt, lower), due))
    .orderBy(desc(screenStateChanges.occurredAt), desc(screenStateChanges.id))
    .limit(1)
    .as('last_before');
  const [within, before] = await Promise.all([
    db
      .select({
        screenId: screenStateChanges.screenId,
        kind: screenStateChanges.kind,
        occurredAt: screenStateChanges.occurredAt,
      })
      .from(screenStateChanges)
      .innerJoin(screens, eq(screens.id, screenStateChanges.screenId))
      .where(
        and(screenFilter, gte(screenStateChanges.occurredAt, lower), lt(screenStateChanges.occurredAt, upper), due),
      )
      .orderBy(asc(screenStateChanges.occurredAt), asc(screenStateChanges.id)),
    db
      .select({ screenId: screens.id, kind: lastBefore.kind, occurredAt: lastBefore.occurredAt })
      .from(screens)
      .innerJoinLateral(lastBefore, sql`true`)
      .where(screenFilter),
  ]);

  const changesOf = new Map<string, Change[]>();
  for (const row of within) {
    const list = changesOf.get(row.screenId) ?? [];
    list.push({ kind: row.kind, at: row.occurredAt.getTime() });
    changesOf.set(row.screenId, list);
  }
  const beforeOf = new Map(before.map((row) => [row.screenId, { kind: row.kind, at: row.occurredAt.getTime() }]));
  const nowMs = now.getTime();

  return visible.map((screen) => {
    const changes = changesOf.get(screen.id) ?? [];
    const previous = beforeOf.get(screen.id);
    const spans = onlineSpans(previous, changes, nowMs);
    // Its first state change is its first switch-on: a change before the range means it was on before it.
    const switchedOnFrom = previous ? Number.NEGATIVE_INFINITY : (changes[0]?.at ?? Number.POSITIVE_INFINITY);
    return {
      screen_id: screen.id,
      screen_code: screen.code,
      outlet_name: screen.outletName,
      timezone: screen.timezone,
      days: (bounds.get(screen.timezone) ?? []).map((day) => ({
        date: day.date,
        ...windowUptime(spans, { from: Math.max(day.start, switchedOnFrom), to: Math.min(day.end, nowMs) }),
      })),
    };
  });
}
