import { DEFAULT_OFFLINE_ALERT_MINUTES } from '@adloop/contract/constants';
import type { OfflineCounts, OfflineScreen } from '@adloop/contract/screen-connection';
import { SCREEN_ONLINE_WINDOW_SECONDS } from '@adloop/contract/screens';
import { and, asc, eq, isNotNull, not, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { alerts, outlets, screenOutages, screens } from '../db/schema.ts';

/*
 * A screen's connection, defined once (decision 092) for the home page, the screen pages, the
 * bell, the activity status and the alert worker. A screen is online while it says so and was
 * heard from within the online window (the window the state changes and uptime use, decision
 * 048); otherwise it is offline. An offline screen that has connected before raises its alert
 * once it has been silent for its outlet's threshold (decision 052), measured from its last
 * heartbeat; a screen that never connected raises none.
 */

const onlineWindow = sql.raw(`interval '${SCREEN_ONLINE_WINDOW_SECONDS} seconds'`);

/** Online at an instant: the screen said so, and was heard from within the window before it. */
export const screenOnlineAt = (instant: SQL): SQL<boolean> =>
  sql<boolean>`(${screens.isOnline} and coalesce(${screens.lastSeenAt} > ${instant} - ${onlineWindow}, false))`;

/** Online now, on the database's clock. */
export const screenIsOnline = screenOnlineAt(sql`now()`);

/** Minutes of silence after which an offline screen of the outlet raises its alert (needs `outlets` joined). */
export const alertAfterMinutes = sql<number>`coalesce(${outlets.offlineAlertMinutes}, ${DEFAULT_OFFLINE_ALERT_MINUTES})::int`;

/** An active screen that has connected before and is offline at the instant. */
export const screenIsOfflineAt = (instant: SQL): SQL =>
  and(eq(screens.status, 'ACTIVE'), isNotNull(screens.lastSeenAt), not(screenOnlineAt(instant)))!;

/**
 * An offline screen whose alert is due at the instant: offline by the rule above and silent for
 * its outlet's threshold (needs `outlets` joined). The alert worker raises exactly these.
 */
export const offlineAlertDueAt = (instant: SQL): SQL =>
  and(
    screenIsOfflineAt(instant),
    sql`${screens.lastSeenAt} < ${instant} - make_interval(mins => ${alertAfterMinutes})`,
  )!;

/** When the screen's current outage was announced by an alert; null while none was raised. */
export const offlineAlertedAt = sql<string | null>`(select ${alerts.raisedAt}::text from ${screenOutages}
  inner join ${alerts} on ${alerts.id} = ${screenOutages.alertId}
  where ${screenOutages.screenId} = ${screens.id} and ${screenOutages.resolvedAt} is null
  order by ${screenOutages.startedAt} desc limit 1)`;

/** The columns every page shows a screen's connection with (needs `outlets` joined). */
export const connectionColumns = {
  online: screenIsOnline,
  alertAfterMinutes,
  alertedAt: offlineAlertedAt,
};

/** A timestamp PostgreSQL printed as text, as ISO 8601 (null stays null). */
export const isoOf = (text: string | null): string | null => (text === null ? null : new Date(text).toISOString());

/** When an offline screen's alert is due: its last heartbeat plus its outlet's threshold. */
export const alertDueAt = (lastSeenAt: Date | null, minutes: number): string | null =>
  lastSeenAt ? new Date(lastSeenAt.getTime() + minutes * 60_000).toISOString() : null;

/**
 * The offline screens of a scope (active ones not online, those that never connected included),
 * the most recently heard first, with their alert's threshold, due time and state, and the counts
 * of decision 092: the rows and numbers the home page and the bell both show.
 */
export async function offlineScreens(
  db: Database,
  scope: SQL | undefined,
  limit: number,
): Promise<OfflineCounts & { screens: OfflineScreen[] }> {
  const where = and(scope, eq(screens.status, 'ACTIVE'), not(screenIsOnline));
  const connected = sql`${screens.lastSeenAt} is not null`;
  const awaiting = sql`${connected} and ${offlineAlertedAt} is null`;
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: screens.id,
        screenCode: screens.screenCode,
        outletId: outlets.id,
        outletName: outlets.name,
        lastSeenAt: screens.lastSeenAt,
        alertAfterMinutes,
        alertedAt: offlineAlertedAt,
      })
      .from(screens)
      .innerJoin(outlets, eq(outlets.id, screens.outletId))
      .where(where)
      .orderBy(sql`${screens.lastSeenAt} desc nulls last`, asc(screens.screenCode))
      .limit(limit),
    db
      .select({
        offline: sql<number>`count(*) filter (where ${connected})::int`,
        awaiting: sql<number>`count(*) filter (where ${awaiting})::int`,
        never: sql<number>`count(*) filter (where not (${connected}))::int`,
        minutes: sql<number[] | null>`array_agg(distinct ${alertAfterMinutes}) filter (where ${awaiting})`,
      })
      .from(screens)
      .innerJoin(outlets, eq(outlets.id, screens.outletId))
      .where(where),
  ]);
  return {
    offline: counts?.offline ?? 0,
    awaiting_alert: counts?.awaiting ?? 0,
    alert_after_minutes: (counts?.minutes ?? []).map(Number).sort((a, b) => a - b),
    never_connected: counts?.never ?? 0,
    screens: rows.map((row) => ({
      id: row.id,
      screen_code: row.screenCode,
      outlet_id: row.outletId,
      outlet_name: row.outletName,
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
      alert_after_minutes: row.alertAfterMinutes,
      alert_due_at: alertDueAt(row.lastSeenAt, row.alertAfterMinutes),
      alerted_at: isoOf(row.alertedAt),
    })),
  };
}
