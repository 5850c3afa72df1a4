import type { Alert, AlertListQuery } from '@adloop/contract/alerts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertDeliveries, alerts, outlets } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/http-error.ts';
import { isPostgresTimestamp } from '../playback-logs/playback-logs.query.ts';
import { alertViewColumns, toAlertView } from './alert-view.ts';

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !/^[0-9a-f-]{36}$/i.test(id) || !isPostgresTimestamp(at)) {
    throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'is not a cursor this API gave out' }]);
  }
  return { at, id };
}

/** Alerts the caller may see, newest first, paged by (raised_at, id): outlet staff see their outlets'. */
export async function listAlerts(
  ctx: ServiceContext,
  query: AlertListQuery,
): Promise<{ data: Alert[]; meta: { nextCursor: string | null } }> {
  const { db, caller } = ctx;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({ ...alertViewColumns, position: sql<string>`${alerts.raisedAt}::text` })
    .from(alerts)
    .innerJoin(outlets, eq(outlets.id, alerts.outletId))
    .where(
      and(
        caller.scope === 'all'
          ? undefined
          : caller.outletIds.length > 0
            ? inArray(alerts.outletId, caller.outletIds)
            : sql`false`,
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
      nextCursor:
        rows.length > query.limit && last ? Buffer.from(`${last.position}|${last.id}`).toString('base64url') : null,
    },
  };
}

/** Alert e-mails and webhooks not yet delivered, for the metrics scrape (decision 058). */
export async function countPendingAlertDeliveries(db: Database): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.status, 'PENDING'));
  return row?.pending ?? 0;
}
