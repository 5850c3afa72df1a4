import type { Alert, AlertListQuery } from '@adloop/contract/alerts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertDeliveries, alerts, outlets, screens } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { scopedByCompanyOrOutlet, scopedByTenancy } from '../../lib/scope.ts';
import { offlineScreens } from '../../lib/screen-connection.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../lib/time-cursor.ts';
import { alertViewColumns, toAlertView } from './alert-view.ts';

/** Alerts the caller may see, newest first, paged by (raised_at, id): outlet staff their outlets', company staff their campaigns'. */
export async function listAlerts(
  ctx: ServiceContext,
  query: AlertListQuery,
): Promise<{ data: Alert[]; meta: { nextCursor: string | null } }> {
  const { db, caller } = ctx;
  const after = query.cursor ? decodeTimeCursor(query.cursor) : undefined;
  const rows = await db
    .select({ ...alertViewColumns, position: sql<string>`${alerts.raisedAt}::text` })
    .from(alerts)
    .leftJoin(outlets, eq(outlets.id, alerts.outletId))
    .where(
      and(
        // Outlet staff read their outlets' screens' alerts; company staff their campaigns'.
        scopedByCompanyOrOutlet(caller, { companyId: alerts.companyId, outletId: alerts.outletId }),
        query.outlet_id ? eq(alerts.outletId, query.outlet_id) : undefined,
        query.kind ? eq(alerts.kind, query.kind) : undefined,
        after ? sql`(${alerts.raisedAt}, ${alerts.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(alerts.raisedAt), desc(alerts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toAlertView),
    meta: {
      nextCursor: rows.length > query.limit && last ? encodeTimeCursor({ at: last.position, id: last.id }) : null,
    },
  };
}

/**
 * The screens of the caller's outlets offline now, alerted or not yet (decision 092): what the bell
 * says when no alert tells of them. Company staff have no screens.
 */
export async function listOfflineScreens(ctx: ServiceContext, limit = 20) {
  const { db, caller } = ctx;
  const scope = scopedByTenancy(caller, {
    company: () => sql`false`,
    outlet: (outletIds) => inArray(screens.outletId, outletIds),
  });
  return offlineScreens(db, scope, limit);
}

/** Alert e-mails and webhooks not yet delivered, for the metrics scrape (decision 058). */
export async function countPendingAlertDeliveries(db: Database): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.status, 'PENDING'));
  return row?.pending ?? 0;
}
