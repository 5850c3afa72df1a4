import type { Alert } from '@adloop/contract/alerts';
import { getTableColumns } from 'drizzle-orm';
import { alerts, outlets } from '../../db/schema.ts';

/** The columns an alert is shown with: its own and its outlet's name and zone (none for a campaign's). */
export const alertViewColumns = {
  ...getTableColumns(alerts),
  outletName: outlets.name,
  timezone: outlets.timezone,
};

export type AlertViewRow = typeof alerts.$inferSelect & { outletName: string | null; timezone: string | null };

/** An alert as the API lists it and webhooks receive it. */
export function toAlertView(row: AlertViewRow): Alert {
  return {
    id: row.id,
    kind: row.kind,
    scope: row.lineItemId ? 'LINE_ITEM' : row.screenId ? 'SCREEN' : 'OUTLET',
    outlet_id: row.outletId,
    outlet_name: row.outletName,
    timezone: row.timezone,
    screens: row.screens,
    started_at: row.startedAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    downtime_seconds: row.downtimeSeconds,
    raised_at: row.raisedAt.toISOString(),
    campaign: row.details ?? null,
  };
}
