import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type AlertChannels, deliverDue } from './alert-delivery.ts';
import { detectAlerts } from './alert-detection.ts';
import { detectUnderDelivery } from './under-delivery.ts';

/** Only one process raises alerts at a time; the others skip to delivering. */
const ALERT_LOCK = sql`select pg_try_advisory_xact_lock(hashtextextended('alerts', 0)) as "locked"`;

export interface AlertTickOptions {
  now?: Date;
  deliver: AlertChannels;
}

/**
 * One run of the alert worker (decision 052): raises what the heartbeats call for, and the
 * campaigns' under-delivery (decision 084), under a database lock, then sends the deliveries that are due. Tests pass `now` to move the clock.
 */
export async function runAlertTick(
  db: Database,
  { now = new Date(), deliver }: AlertTickOptions,
): Promise<{ raised: boolean; sent: number; failed: number }> {
  const raised = await db.transaction(async (tx) => {
    const lock = await tx.execute(ALERT_LOCK);
    if (!(lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return false;
    await detectAlerts(tx, deliver, now);
    await detectUnderDelivery(tx, db, deliver, now);
    return true;
  });
  return { raised, ...(await deliverDue(db, deliver, now)) };
}
