import { HEARTBEAT_INTERVAL_SECONDS } from '@adloop/contract/constants';
import { SCREEN_ONLINE_WINDOW_SECONDS } from '@adloop/contract/screens';
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { screenActivity, screenStateChanges, screens } from '../../db/schema.ts';

/** A beat may come this late and the screen still counts as online all along (timer drift, a lost request). */
export const ONLINE_WINDOW_MS = SCREEN_ONLINE_WINDOW_SECONDS * 1000;
/** A last beat stands for the interval the player promised until its next one. */
export const HEARTBEAT_INTERVAL_MS = HEARTBEAT_INTERVAL_SECONDS * 1000;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ActivityRecord {
  id: string;
  outletId: string;
  kind: 'ONLINE' | 'OFFLINE' | 'HEARTBEAT';
  occurredAt: Date;
  /** When the record reached the server, on the server's clock. */
  receivedAt: Date;
}

export interface StateChange {
  sourceId: string;
  outletId: string;
  kind: 'ONLINE' | 'BACK_ONLINE' | 'OFFLINE';
  offlineReason: 'DISPLAY_CLOSED' | 'MISSED_HEARTBEATS' | null;
  occurredAt: Date;
  /** Set while nothing follows the beat: the OFFLINE counts from then. */
  dueAt: Date | null;
}

const isBeat = (record: ActivityRecord) => record.kind !== 'OFFLINE';
const gapMs = (from: ActivityRecord, to: ActivityRecord) => to.occurredAt.getTime() - from.occurredAt.getTime();

/**
 * The changes a record makes, given the records of its screen just before and after it
 * (decision 048; migration 0017 applies the same rules in SQL to the history before it):
 * - a beat (online post or heartbeat) with nothing before it: ONLINE, first seen;
 * - a beat after an offline post, or after a silence longer than the online window: BACK_ONLINE;
 * - an offline post while online: OFFLINE, the display was closed;
 * - a beat followed by a silence longer than the online window: OFFLINE one heartbeat interval
 *   after it. While nothing follows the beat yet, that OFFLINE is pending: it counts once the
 *   online window has passed since the beat reached the server, judged on the server's clock as
 *   the screen's online status is, so a player clock running behind never shows a live screen
 *   as offline.
 */
export function stateChangesOf(
  record: ActivityRecord,
  before: ActivityRecord | undefined,
  after: ActivityRecord | undefined,
): StateChange[] {
  const change = (
    kind: StateChange['kind'],
    offlineReason: StateChange['offlineReason'],
    occurredAt: Date,
    dueAt: Date | null = null,
  ) => ({ sourceId: record.id, outletId: record.outletId, kind, offlineReason, occurredAt, dueAt });
  const changes: StateChange[] = [];
  if (isBeat(record)) {
    if (!before) changes.push(change('ONLINE', null, record.occurredAt));
    else if (!isBeat(before) || gapMs(before, record) > ONLINE_WINDOW_MS) {
      changes.push(change('BACK_ONLINE', null, record.occurredAt));
    }
    if (!after || gapMs(record, after) > ONLINE_WINDOW_MS) {
      const silentFrom = new Date(record.occurredAt.getTime() + HEARTBEAT_INTERVAL_MS);
      const dueAt = after ? null : new Date(record.receivedAt.getTime() + ONLINE_WINDOW_MS);
      changes.push(change('OFFLINE', 'MISSED_HEARTBEATS', silentFrom, dueAt));
    }
  } else if (before && isBeat(before) && gapMs(before, record) <= ONLINE_WINDOW_MS) {
    changes.push(change('OFFLINE', 'DISPLAY_CLOSED', record.occurredAt));
  }
  return changes;
}

/** The changes that count at `now`: all but the pending OFFLINEs not yet due. */
export function changeIsDue(now: Date): SQL {
  return or(isNull(screenStateChanges.dueAt), lte(screenStateChanges.dueAt, now))!;
}

const changeKey = (change: StateChange) =>
  [change.sourceId, change.kind, change.offlineReason, change.occurredAt.getTime(), change.dueAt?.getTime()].join('|');

/**
 * Keeps the state changes true after `record` was stored. A record's changes depend on it and its
 * two neighbours, so storing one (in time order or late, as an offline record saved at the last
 * page hide is) changes what its neighbours make too: the changes of the record and of the one on
 * either side are derived again, and only the differences are written. Runs inside the transaction
 * that stored the record, under the screen's row lock, so records of one screen take turns.
 */
export async function deriveStateChangesAround(tx: Transaction, screenId: string, record: ActivityRecord) {
  await tx.execute(sql`select 1 from ${screens} where ${screens.id} = ${screenId} for no key update`);
  const columns = {
    id: screenActivity.id,
    outletId: screenActivity.outletId,
    kind: screenActivity.kind,
    occurredAt: screenActivity.occurredAt,
    receivedAt: screenActivity.receivedAt,
  };
  const position = sql`(${screenActivity.occurredAt}, ${screenActivity.id})`;
  const here = sql`(${record.occurredAt.toISOString()}::timestamptz, ${record.id}::uuid)`;
  const [earlier, later] = await Promise.all([
    tx
      .select(columns)
      .from(screenActivity)
      .where(and(eq(screenActivity.screenId, screenId), sql`${position} < ${here}`))
      .orderBy(desc(screenActivity.occurredAt), desc(screenActivity.id))
      .limit(2),
    tx
      .select(columns)
      .from(screenActivity)
      .where(and(eq(screenActivity.screenId, screenId), sql`${position} > ${here}`))
      .orderBy(asc(screenActivity.occurredAt), asc(screenActivity.id))
      .limit(2),
  ]);
  const sequence = [...earlier.reverse(), record, ...later];
  const recordIndex = sequence.indexOf(record);
  const affected = sequence.slice(Math.max(0, recordIndex - 1), recordIndex + 2);
  const wanted = affected.flatMap((row) => {
    const index = sequence.indexOf(row);
    return stateChangesOf(row, sequence[index - 1], sequence[index + 1]);
  });

  const stored = await tx
    .select()
    .from(screenStateChanges)
    .where(
      inArray(
        screenStateChanges.sourceId,
        affected.map((row) => row.id),
      ),
    );
  const wantedKeys = new Set(wanted.map(changeKey));
  const storedKeys = new Set(stored.map(changeKey));
  const stale = stored.filter((change) => !wantedKeys.has(changeKey(change))).map((change) => change.id);
  const fresh = wanted.filter((change) => !storedKeys.has(changeKey(change)));
  if (stale.length > 0) await tx.delete(screenStateChanges).where(inArray(screenStateChanges.id, stale));
  if (fresh.length > 0) await tx.insert(screenStateChanges).values(fresh.map((change) => ({ ...change, screenId })));
}
