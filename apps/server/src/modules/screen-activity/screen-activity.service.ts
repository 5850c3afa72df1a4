import type { ScreenActivityBody } from '@adloop/contract/screen';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { screenActivity, screens } from '../../db/schema.ts';
import { type ErrorDetail, HttpError } from '../../lib/http-error.ts';
import type { ScreenPrincipal } from '../../lib/screen-principal.ts';
import { storePlayerHealth } from './player-health.ts';
import { deriveStateChangesAround } from './state-changes.ts';

export type ActivityKind = 'ONLINE' | 'OFFLINE' | 'HEARTBEAT';

/**
 * Records what a screen says of itself and keeps its online state true: online and heartbeat
 * mark it seen now; an offline record only counts when nothing newer was heard from it (a
 * record saved at the last page hide arrives after the next start's online post). The state
 * changes the record makes are derived in the same transaction.
 */
export async function recordActivity(
  db: Database,
  screen: ScreenPrincipal,
  kind: ActivityKind,
  body: ScreenActivityBody,
  receivedAt = new Date(),
): Promise<{ is_online: boolean; last_seen_at: string | null }> {
  const refused: ErrorDetail[] = [];
  if (body.screen_id !== screen.screenId) refused.push({ path: 'screen_id', message: 'is not the signed-in screen' });
  if (body.outlet_id !== screen.outletId) refused.push({ path: 'outlet_id', message: "is not the screen's outlet" });
  if (refused.length > 0)
    throw new HttpError(403, 'FORBIDDEN', `Activity refused: ${refused[0]!.path} ${refused[0]!.message}`, refused);

  // Nothing happened after it reached the server: a player clock running fast is read as now.
  const statedAt = body.occurred_at ? new Date(body.occurred_at) : null;
  const occurredAt = new Date(Math.min(statedAt?.getTime() || Infinity, receivedAt.getTime()));
  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(screenActivity)
      .values({
        screenId: screen.screenId,
        outletId: screen.outletId,
        kind,
        occurredAt,
        receivedAt,
        activityDate: body.activity_date,
        activityTime: body.activity_time,
        additionalInfo: body.additional_info,
      })
      .returning({
        id: screenActivity.id,
        outletId: screenActivity.outletId,
        kind: screenActivity.kind,
        occurredAt: screenActivity.occurredAt,
        receivedAt: screenActivity.receivedAt,
      });
    if (kind === 'OFFLINE') {
      await tx
        .update(screens)
        .set({ isOnline: false })
        .where(
          and(eq(screens.id, screen.screenId), or(isNull(screens.lastSeenAt), lte(screens.lastSeenAt, occurredAt))),
        );
    } else {
      await tx.update(screens).set({ isOnline: true, lastSeenAt: sql`now()` }).where(eq(screens.id, screen.screenId));
    }
    await deriveStateChangesAround(tx, screen.screenId, record!);
    // An offline record is sent late, from a page long gone: its health would be stale.
    if (body.health && kind !== 'OFFLINE')
      await storePlayerHealth(tx, screen.screenId, body.health, statedAt, receivedAt);
    const [state] = await tx
      .select({ isOnline: screens.isOnline, lastSeenAt: screens.lastSeenAt })
      .from(screens)
      .where(eq(screens.id, screen.screenId));
    return { is_online: state?.isOnline ?? false, last_seen_at: state?.lastSeenAt?.toISOString() ?? null };
  });
}
