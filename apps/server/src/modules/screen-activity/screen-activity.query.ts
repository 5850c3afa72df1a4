import type { ScreenActivityQuery, ScreenActivityRow } from '@adloop/contract/reports';
import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { outlets, screenStateChanges, screens } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { scopedByOutlet } from '../../lib/scope.ts';
import { screenIsOnline } from '../../lib/screen-connection.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../lib/time-cursor.ts';
import { changeIsDue } from './state-changes.ts';

const earlierOffline = alias(screenStateChanges, 'earlier_offline');

/** A BACK_ONLINE's downtime: since the OFFLINE before it. */
const downtimeSeconds = sql<number | null>`case when ${screenStateChanges.kind} = 'BACK_ONLINE' then
  round(extract(epoch from ${screenStateChanges.occurredAt} - (select max(${earlierOffline.occurredAt})
    from ${screenStateChanges} as ${sql.identifier('earlier_offline')} where ${earlierOffline.screenId} = ${screenStateChanges.screenId}
      and ${earlierOffline.kind} = 'OFFLINE' and ${earlierOffline.occurredAt} <= ${screenStateChanges.occurredAt})))::int
  end`;

/**
 * The feed (decision 048): when screens came online, went offline and came back, newest first,
 * paged by (occurred_at, id) like the playback log. Heartbeats are not listed; the OFFLINE after a
 * screen's newest heartbeat shows once it is due.
 */
export async function listActivity(
  ctx: ServiceContext,
  query: ScreenActivityQuery,
  now = new Date(),
): Promise<{ data: ScreenActivityRow[]; meta: { nextCursor: string | null } }> {
  const { db, caller } = ctx;
  const after = query.cursor ? decodeTimeCursor(query.cursor) : undefined;
  const rows = await db
    .select({
      id: screenStateChanges.id,
      at: sql<string>`${screenStateChanges.occurredAt}::text`,
      screenId: screenStateChanges.screenId,
      screenCode: screens.screenCode,
      outletId: screenStateChanges.outletId,
      outletName: outlets.name,
      timezone: outlets.timezone,
      kind: screenStateChanges.kind,
      offlineReason: screenStateChanges.offlineReason,
      occurredAt: screenStateChanges.occurredAt,
      downtimeSeconds,
    })
    .from(screenStateChanges)
    .innerJoin(screens, eq(screens.id, screenStateChanges.screenId))
    .innerJoin(outlets, eq(outlets.id, screenStateChanges.outletId))
    .where(
      and(
        scopedByOutlet(caller, screens.outletId),
        changeIsDue(now),
        query.screen_id ? eq(screenStateChanges.screenId, query.screen_id) : undefined,
        query.outlet_id ? eq(screenStateChanges.outletId, query.outlet_id) : undefined,
        query.kind ? eq(screenStateChanges.kind, query.kind) : undefined,
        query.from ? gte(screenStateChanges.occurredAt, new Date(query.from)) : undefined,
        query.to ? lt(screenStateChanges.occurredAt, new Date(query.to)) : undefined,
        after
          ? sql`(${screenStateChanges.occurredAt}, ${screenStateChanges.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(screenStateChanges.occurredAt), desc(screenStateChanges.id))
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
      timezone: row.timezone,
      kind: row.kind,
      offline_reason: row.offlineReason,
      occurred_at: row.occurredAt.toISOString(),
      downtime_seconds: row.downtimeSeconds === null ? null : Number(row.downtimeSeconds),
    })),
    meta: {
      nextCursor: rows.length > query.limit && last ? encodeTimeCursor(last) : null,
    },
  };
}

/** Each visible screen now: online or offline by the one rule of decision 092, and since when (offline screens first). */
export async function screenStatus(ctx: ServiceContext) {
  const { db, caller } = ctx;
  const rows = await db
    .select({
      screenId: screens.id,
      screenCode: screens.screenCode,
      outletId: outlets.id,
      outletName: outlets.name,
      timezone: outlets.timezone,
      isOnline: screenIsOnline,
      lastSeenAt: screens.lastSeenAt,
      lastOnline: sql<Date | null>`(select max(${screenStateChanges.occurredAt}) from ${screenStateChanges}
        where ${screenStateChanges.screenId} = ${screens.id}
          and ${inArray(screenStateChanges.kind, ['ONLINE', 'BACK_ONLINE'])}
          and ${lte(screenStateChanges.occurredAt, sql`now()`)})`.mapWith(screenStateChanges.occurredAt),
    })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(scopedByOutlet(caller, screens.outletId))
    .orderBy(screenIsOnline, screens.screenCode);
  return rows.map((row) => ({
    screen_id: row.screenId,
    screen_code: row.screenCode,
    outlet_id: row.outletId,
    outlet_name: row.outletName,
    timezone: row.timezone,
    is_online: row.isOnline,
    // Online since it last came (back) online; offline since it was last heard from.
    since: (row.isOnline ? row.lastOnline : row.lastSeenAt)?.toISOString() ?? null,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
  }));
}
