import type { Scope } from '@adloop/contract/permissions';
import { SCREEN_ONLINE_WINDOW_SECONDS } from '@adloop/contract/screens';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, screenActivity, screens } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-error.ts';
import { isPostgresTimestamp } from '../playback-logs/playback-logs.query.ts';
import type { Tenancy } from '../tenancy/tenancy.service.ts';

/** Outlet staff see their outlets' screens; a global admin sees all (DESIGN §5). */
function visibleOutlets(tenancy: Tenancy, scope: Scope, column: typeof screens.outletId): SQL | undefined {
  if (scope === 'all') return undefined;
  return tenancy.outletIds.length > 0 ? inArray(column, tenancy.outletIds) : sql`false`;
}

const onlineNow = sql<boolean>`(${screens.isOnline} and ${screens.lastSeenAt} > now() - ${sql.raw(
  `interval '${SCREEN_ONLINE_WINDOW_SECONDS} seconds'`,
)})`;

export interface ActivityQuery {
  screen_id?: string;
  outlet_id?: string;
  kind?: 'ONLINE' | 'OFFLINE' | 'HEARTBEAT';
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
}

/** The activity records, newest first, paged by (occurred_at, id) like the playback log. */
export async function listActivity(db: Database, tenancy: Tenancy, scope: Scope, query: ActivityQuery) {
  let after: { at: string; id: string } | undefined;
  if (query.cursor) {
    const [at, id] = Buffer.from(query.cursor, 'base64url').toString().split('|');
    if (!at || !id || !/^[0-9a-f-]{36}$/i.test(id) || !isPostgresTimestamp(at)) {
      throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'is not a cursor this API gave out' }]);
    }
    after = { at, id };
  }
  const rows = await db
    .select({
      id: screenActivity.id,
      at: sql<string>`${screenActivity.occurredAt}::text`,
      screenId: screenActivity.screenId,
      screenCode: screens.screenCode,
      outletId: screenActivity.outletId,
      outletName: outlets.name,
      kind: screenActivity.kind,
      occurredAt: screenActivity.occurredAt,
      activityDate: screenActivity.activityDate,
      activityTime: screenActivity.activityTime,
    })
    .from(screenActivity)
    .innerJoin(screens, eq(screens.id, screenActivity.screenId))
    .innerJoin(outlets, eq(outlets.id, screenActivity.outletId))
    .where(
      and(
        visibleOutlets(tenancy, scope, screens.outletId),
        query.screen_id ? eq(screenActivity.screenId, query.screen_id) : undefined,
        query.outlet_id ? eq(screenActivity.outletId, query.outlet_id) : undefined,
        query.kind ? eq(screenActivity.kind, query.kind) : undefined,
        query.from ? gte(screenActivity.occurredAt, new Date(query.from)) : undefined,
        query.to ? lt(screenActivity.occurredAt, new Date(query.to)) : undefined,
        after
          ? sql`(${screenActivity.occurredAt}, ${screenActivity.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(screenActivity.occurredAt), desc(screenActivity.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: row.id,
      screen_id: row.screenId,
      screen_code: row.screenCode,
      outlet_id: row.outletId,
      outlet_name: row.outletName,
      kind: row.kind,
      occurred_at: row.occurredAt.toISOString(),
      activity_date: row.activityDate,
      activity_time: row.activityTime,
    })),
    meta: {
      nextCursor: rows.length > query.limit && last ? Buffer.from(`${last.at}|${last.id}`).toString('base64url') : null,
    },
  };
}

/** Each visible screen now: online or offline, and since when (offline screens first). */
export async function screenStatus(db: Database, tenancy: Tenancy, scope: Scope) {
  const rows = await db
    .select({
      screenId: screens.id,
      screenCode: screens.screenCode,
      outletId: outlets.id,
      outletName: outlets.name,
      isOnline: onlineNow,
      lastSeenAt: screens.lastSeenAt,
      lastOnline: sql<Date | null>`(select max(${screenActivity.occurredAt}) from ${screenActivity}
        where ${screenActivity.screenId} = ${screens.id} and ${screenActivity.kind} = 'ONLINE')`.mapWith(
        screenActivity.occurredAt,
      ),
    })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(visibleOutlets(tenancy, scope, screens.outletId))
    .orderBy(onlineNow, screens.screenCode);
  return rows.map((row) => ({
    screen_id: row.screenId,
    screen_code: row.screenCode,
    outlet_id: row.outletId,
    outlet_name: row.outletName,
    is_online: row.isOnline,
    // Online since the display last started; offline since it was last heard from.
    since: (row.isOnline ? row.lastOnline : row.lastSeenAt)?.toISOString() ?? null,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
  }));
}

const MAX_UPTIME_DAYS = 93;

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day <= new Date(`${to}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Today's date and the minutes it has had so far, per time zone. Building an Intl formatter is
 * costly (it loads ICU data), so each zone gets one formatter, made once.
 */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function localClock(timeZone: string, now: Date): { today: string; minutes: number } {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    today: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Minutes of `date` so far in the zone: 1440 for past days, 0 for future ones. */
function minutesOfDay(date: string, clock: { today: string; minutes: number }): number {
  if (date < clock.today) return 1440;
  if (date > clock.today) return 0;
  return Math.max(1, clock.minutes);
}

/**
 * Uptime per screen per local day: each online post or heartbeat stands for the minute the
 * player promises between heartbeats (60 s), capped at the minutes the day has had so far.
 */
export async function uptime(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  query: { from: string; to: string; screen_id?: string; outlet_id?: string },
) {
  const days = daysBetween(query.from, query.to);
  if (days.length === 0) throw badRequest('to must be on or after from', [{ path: 'to', message: 'is before from' }]);
  if (days.length > MAX_UPTIME_DAYS) {
    throw badRequest(`The range may span at most ${MAX_UPTIME_DAYS} days`, [
      { path: 'to', message: 'is too far from from' },
    ]);
  }
  const screenFilter = and(
    visibleOutlets(tenancy, scope, screens.outletId),
    query.screen_id ? eq(screens.id, query.screen_id) : undefined,
    query.outlet_id ? eq(screens.outletId, query.outlet_id) : undefined,
  );
  const visible = await db
    .select({ id: screens.id, code: screens.screenCode, outletName: outlets.name, timezone: outlets.timezone })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(screenFilter)
    .orderBy(screens.screenCode);
  const localDay = sql<string>`((${screenActivity.occurredAt} at time zone ${outlets.timezone})::date)::text`;
  const counts = await db
    .select({ screenId: screenActivity.screenId, day: localDay, beats: sql<number>`count(*)::int` })
    .from(screenActivity)
    .innerJoin(screens, eq(screens.id, screenActivity.screenId))
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(
      and(
        screenFilter,
        inArray(screenActivity.kind, ['ONLINE', 'HEARTBEAT']),
        // A day either side in UTC covers every local day in range; the local day is exact below.
        gte(screenActivity.occurredAt, new Date(Date.parse(`${query.from}T00:00:00Z`) - 86_400_000)),
        lt(screenActivity.occurredAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 2 * 86_400_000)),
      ),
    )
    .groupBy(screenActivity.screenId, localDay);
  const beats = new Map(counts.map((row) => [`${row.screenId}|${row.day}`, row.beats]));
  const now = new Date();
  const clocks = new Map<string, { today: string; minutes: number }>();
  const clockOf = (timeZone: string) => {
    let clock = clocks.get(timeZone);
    if (!clock) {
      clock = localClock(timeZone, now);
      clocks.set(timeZone, clock);
    }
    return clock;
  };
  return visible.map((screen) => ({
    screen_id: screen.id,
    screen_code: screen.code,
    outlet_name: screen.outletName,
    days: days.map((date) => {
      const possible = minutesOfDay(date, clockOf(screen.timezone));
      const online = Math.min(beats.get(`${screen.id}|${date}`) ?? 0, possible);
      return {
        date,
        online_minutes: online,
        uptime_pct: possible > 0 ? Math.round((online / possible) * 1000) / 10 : 0,
      };
    }),
  }));
}
