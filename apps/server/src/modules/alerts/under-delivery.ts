import type { Database } from '../../db/client.ts';
import { alerts } from '../../db/schema.ts';
import { lineItemsAtRisk } from '../campaigns/delivery.service.ts';
import { type AlertChannels, enqueueDeliveries } from './alert-delivery.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** How often the forecasts are read again: each reads the inventory of the hours left. */
export const UNDER_DELIVERY_CHECK_MS = 10 * 60_000;
const lastCheck = new WeakMap<object, number>();

/**
 * Raises one UNDER_DELIVERY alert per line item whose forecast can no longer reach its goal
 * (decision 084), to the advertiser's staff, the global admins and the server's webhook, through
 * the channels the screen alerts use. The unique key (line item, flight start, kind) makes a
 * second raise a no-op, so a line item is alerted once. At most every ten minutes per database.
 */
export async function detectUnderDelivery(tx: Tx, db: Database, channels: AlertChannels, now: Date): Promise<number> {
  const last = lastCheck.get(db);
  if (last !== undefined && now.getTime() - last < UNDER_DELIVERY_CHECK_MS && now.getTime() >= last) return 0;
  lastCheck.set(db, now.getTime());
  let raised = 0;
  for (const risk of await lineItemsAtRisk(tx as unknown as Database, now.getTime())) {
    const [alert] = await tx
      .insert(alerts)
      .values({
        kind: 'UNDER_DELIVERY',
        outletId: null,
        screenId: null,
        screens: [],
        lineItemId: risk.lineItemId,
        companyId: risk.companyId,
        details: risk.details,
        startedAt: risk.opensAt,
        raisedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: alerts.id });
    if (!alert) continue;
    raised += 1;
    await enqueueDeliveries(tx, alert.id, { companyId: risk.companyId }, channels, now);
  }
  return raised;
}
