import type { AlertKind } from '@adloop/contract/alerts';
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alerts, outlets, screenActivity, screenOutages, screens } from '../../db/schema.ts';
import { offlineAlertDueAt } from '../../lib/screen-connection.ts';
import { type AlertChannels, enqueueDeliveries } from './alert-delivery.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** One reminder while a screen stays dark, this long after its last heartbeat. */
export const REMINDER_AFTER_MS = 60 * 60_000;

interface ScreenEvent {
  screenId: string;
  outletId: string;
  screenCode: string;
  name: string;
  outageId: string;
  startedAt: Date;
  resolvedAt?: Date;
}

/**
 * Several screens of an outlet in one tick make one outlet alert when they are all, or all but
 * one, of its screens that could (the network of the venue, not each screen, went down).
 */
const isOutletWide = (count: number, of: number) => count >= 2 && count >= of - 1;

function groupByOutlet(events: ScreenEvent[]): Map<string, ScreenEvent[]> {
  const groups = new Map<string, ScreenEvent[]>();
  for (const event of events) groups.set(event.outletId, [...(groups.get(event.outletId) ?? []), event]);
  return groups;
}

/** Connected (ever heard, active) screens per outlet, and of those the ones dark now. */
async function outletCounts(tx: Tx, outletIds: string[]) {
  if (outletIds.length === 0) return new Map<string, { connected: number; dark: number }>();
  const rows = await tx
    .select({
      outletId: screens.outletId,
      connected: sql<number>`count(*)::int`,
      dark: sql<number>`count(*) filter (where exists (select 1 from ${screenOutages} where ${screenOutages.screenId} = ${screens.id} and ${screenOutages.resolvedAt} is null))::int`,
    })
    .from(screens)
    .where(and(inArray(screens.outletId, outletIds), eq(screens.status, 'ACTIVE'), isNotNull(screens.lastSeenAt)))
    .groupBy(screens.outletId);
  return new Map(rows.map((row) => [row.outletId, { connected: Number(row.connected), dark: Number(row.dark) }]));
}

/**
 * Raises one alert per screen, or one for the outlet when the group is outlet-wide, and queues
 * its deliveries. The unique key (screen or outlet, start, kind) makes a second raise a no-op.
 */
async function raise(
  tx: Tx,
  kind: AlertKind,
  events: ScreenEvent[],
  outletWide: (outletId: string, count: number) => boolean,
  channels: AlertChannels,
  now: Date,
): Promise<{ alertId: string; events: ScreenEvent[] }[]> {
  const raised: { alertId: string; events: ScreenEvent[] }[] = [];
  for (const [outletId, group] of groupByOutlet(events)) {
    const batches = outletWide(outletId, group.length) ? [group] : group.map((event) => [event]);
    for (const batch of batches) {
      const single = batch.length === 1 ? batch[0] : undefined;
      const startedAt = new Date(Math.min(...batch.map((event) => event.startedAt.getTime())));
      const resolvedAt =
        kind === 'BACK_ONLINE' ? new Date(Math.max(...batch.map((event) => event.resolvedAt!.getTime()))) : null;
      const downtimeSeconds =
        kind === 'BACK_ONLINE'
          ? Math.max(
              ...batch.map((event) => Math.round((event.resolvedAt!.getTime() - event.startedAt.getTime()) / 1000)),
            )
          : null;
      const [alert] = await tx
        .insert(alerts)
        .values({
          kind,
          outletId,
          screenId: single?.screenId ?? null,
          screens: batch.map((event) => ({ id: event.screenId, screen_code: event.screenCode, name: event.name })),
          startedAt,
          resolvedAt,
          downtimeSeconds,
          raisedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: alerts.id });
      if (!alert) continue;
      await enqueueDeliveries(tx, alert.id, outletId, channels, now);
      raised.push({ alertId: alert.id, events: batch });
    }
  }
  return raised;
}

/** Dark screens heard again: their outages end at the first record received after them. */
async function resolveReturned(tx: Tx, channels: AlertChannels, now: Date) {
  const firstHeard = sql<Date | null>`(select min(${screenActivity.receivedAt}) from ${screenActivity}
    where ${screenActivity.screenId} = ${screenOutages.screenId} and ${screenActivity.kind} <> 'OFFLINE'
      and ${screenActivity.occurredAt} > ${screenOutages.startedAt} - interval '1 day'
      and ${screenActivity.receivedAt} > ${screenOutages.startedAt})`;
  const returned = await tx
    .select({
      outageId: screenOutages.id,
      alertId: screenOutages.alertId,
      screenId: screens.id,
      outletId: screens.outletId,
      screenCode: screens.screenCode,
      name: screens.name,
      startedAt: screenOutages.startedAt,
      lastSeenAt: screens.lastSeenAt,
      firstHeard: sql<string | null>`${firstHeard}::text`,
    })
    .from(screenOutages)
    .innerJoin(screens, eq(screens.id, screenOutages.screenId))
    .where(and(isNull(screenOutages.resolvedAt), sql`${screens.lastSeenAt} > ${screenOutages.startedAt}`))
    .for('update', { of: screenOutages });
  if (returned.length === 0) return;
  const events: ScreenEvent[] = [];
  for (const row of returned) {
    const lastSeen = row.lastSeenAt!;
    const heard = row.firstHeard ? new Date(row.firstHeard) : lastSeen;
    const resolvedAt = heard < lastSeen ? heard : lastSeen;
    await tx.update(screenOutages).set({ resolvedAt }).where(eq(screenOutages.id, row.outageId));
    events.push({ ...row, resolvedAt });
  }
  const announced = [...new Set(returned.flatMap((row) => (row.alertId ? [row.alertId] : [])))];
  if (announced.length > 0) {
    // An OFFLINE alert is resolved once every screen it named is back.
    await tx
      .update(alerts)
      .set({
        resolvedAt: sql`(select max(${screenOutages.resolvedAt}) from ${screenOutages} where ${screenOutages.alertId} = ${alerts.id})`,
      })
      .where(
        and(
          inArray(alerts.id, announced),
          sql`not exists (select 1 from ${screenOutages} where ${screenOutages.alertId} = ${alerts.id} and ${screenOutages.resolvedAt} is null)`,
        ),
      );
  }
  // Screens whose outage nobody was told of (it began before a restart's first tick, say) come back quietly.
  const told = events.filter((event) => returned.find((row) => row.outageId === event.outageId)?.alertId);
  const counts = await outletCounts(tx, [...new Set(told.map((event) => event.outletId))]);
  await raise(
    tx,
    'BACK_ONLINE',
    told,
    (outletId, n) => isOutletWide(n, counts.get(outletId)?.connected ?? 0),
    channels,
    now,
  );
}

/**
 * Screens offline and silent for their outlet's threshold, by the one rule every page shows
 * (decision 092), and not yet known dark.
 */
async function detectDark(tx: Tx, channels: AlertChannels, now: Date) {
  const dark = await tx
    .select({
      screenId: screens.id,
      outletId: screens.outletId,
      screenCode: screens.screenCode,
      name: screens.name,
      startedAt: screens.lastSeenAt,
      // Exact to the microsecond, so the outage starts at its heartbeat and not a rounded instant before it.
      lastSeen: sql<string>`${screens.lastSeenAt}::text`,
    })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(
      and(
        eq(outlets.isActive, true),
        offlineAlertDueAt(sql`${now.toISOString()}::timestamptz`),
        sql`not exists (select 1 from ${screenOutages} where ${screenOutages.screenId} = ${screens.id} and ${screenOutages.resolvedAt} is null)`,
      ),
    );
  if (dark.length === 0) return;
  const counts = await outletCounts(tx, [...new Set(dark.map((row) => row.outletId))]);
  const events: ScreenEvent[] = [];
  for (const row of dark) {
    const [outage] = await tx
      .insert(screenOutages)
      .values({
        screenId: row.screenId,
        outletId: row.outletId,
        startedAt: sql`${row.lastSeen}::timestamptz`,
        detectedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: screenOutages.id });
    if (outage) events.push({ ...row, startedAt: row.startedAt!, outageId: outage.id });
  }
  // Outlet-wide: all, or all but one, of the screens that were up before this tick.
  const upBefore = (outletId: string) => {
    const count = counts.get(outletId);
    return count ? count.connected - count.dark : 0;
  };
  const raised = await raise(
    tx,
    'OFFLINE',
    events,
    (outletId, n) => isOutletWide(n, upBefore(outletId)),
    channels,
    now,
  );
  for (const { alertId, events: named } of raised) {
    await tx
      .update(screenOutages)
      .set({ alertId })
      .where(
        inArray(
          screenOutages.id,
          named.map((event) => event.outageId),
        ),
      );
  }
}

/** One reminder for each outage still open an hour after its last heartbeat. */
async function remindStillDark(tx: Tx, channels: AlertChannels, now: Date) {
  const due = await tx
    .select({
      outageId: screenOutages.id,
      screenId: screens.id,
      outletId: screens.outletId,
      screenCode: screens.screenCode,
      name: screens.name,
      startedAt: screenOutages.startedAt,
    })
    .from(screenOutages)
    .innerJoin(screens, eq(screens.id, screenOutages.screenId))
    .where(
      and(
        isNull(screenOutages.resolvedAt),
        isNull(screenOutages.remindedAt),
        isNotNull(screenOutages.alertId),
        lte(screenOutages.startedAt, new Date(now.getTime() - REMINDER_AFTER_MS)),
      ),
    );
  if (due.length === 0) return;
  await tx
    .update(screenOutages)
    .set({ remindedAt: now })
    .where(
      inArray(
        screenOutages.id,
        due.map((row) => row.outageId),
      ),
    );
  const counts = await outletCounts(tx, [...new Set(due.map((row) => row.outletId))]);
  await raise(
    tx,
    'REMINDER',
    due,
    (outletId, n) => isOutletWide(n, counts.get(outletId)?.connected ?? 0),
    channels,
    now,
  );
}

/** One pass over every screen's heartbeats: comebacks first, then new outages, then reminders. */
export async function detectAlerts(tx: Tx, channels: AlertChannels, now: Date): Promise<void> {
  await resolveReturned(tx, channels, now);
  await detectDark(tx, channels, now);
  await remindStillDark(tx, channels, now);
}
