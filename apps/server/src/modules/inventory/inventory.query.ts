import type { AdTargeting } from '@adloop/contract/targeting';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, pincodes, screenStateChanges, screens } from '../../db/schema.ts';
import { JOINED_SCREEN, targetingParams, targetsScreen } from '../ads/targeting-sql.ts';
import { changeIsDue } from '../screen-activity/state-changes.ts';

/** A screen on air that a targeting reaches, with its outlet's zone. */
export interface ReachedScreen {
  id: string;
  code: string;
  outletId: string;
  timezone: string;
}

/** The screens on air a targeting reaches (the ads' one rule, `targetsScreen`), by screen code. */
export function reachedScreens(db: Database, targeting: AdTargeting): Promise<ReachedScreen[]> {
  return db
    .select({ id: screens.id, code: screens.screenCode, outletId: screens.outletId, timezone: outlets.timezone })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .leftJoin(pincodes, eq(pincodes.code, outlets.pincode))
    .where(targetsScreen(targetingParams(targeting), JOINED_SCREEN))
    .orderBy(screens.screenCode);
}

export type Change = { kind: 'ONLINE' | 'BACK_ONLINE' | 'OFFLINE'; at: number };

/** A screen's state changes since `since`, and the last one before (its state then), as uptime reads them. */
export interface ScreenHistory {
  outletId: string;
  before: Change | undefined;
  changes: Change[];
}

type Row = { screen_id: string; outlet_id: string; kind: Change['kind']; at: number; part: number };

/**
 * The state changes from `since` to `now` of every screen of the outlets, and each screen's last
 * change before `since`, in one statement, in time order per screen (occurred_at, then id, as the
 * uptime report orders them). Pending OFFLINEs not yet due do not count, as there.
 */
export async function historiesOf(
  db: Database,
  outletIds: readonly string[],
  since: Date,
  now: Date,
): Promise<Map<string, ScreenHistory>> {
  const outletList = sql`${sql.param([...outletIds])}::uuid[]`;
  const from = sql`${since.toISOString()}::timestamptz`;
  const until = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select ${screenStateChanges.screenId} as screen_id, ${screens.outletId} as outlet_id, ${screenStateChanges.kind} as kind,
      (extract(epoch from ${screenStateChanges.occurredAt}) * 1000)::float8 as at, ${screenStateChanges.id} as id, 1 as part
    from ${screenStateChanges}
    inner join ${screens} on ${screens.id} = ${screenStateChanges.screenId}
    where ${screens.outletId} = any(${outletList})
      and ${screenStateChanges.occurredAt} >= ${from} and ${screenStateChanges.occurredAt} < ${until}
      and ${changeIsDue(now)}
    union all
    select ${screens.id}, ${screens.outletId}, last_before.kind, last_before.at, last_before.id, 0
    from ${screens}
    cross join lateral (
      select previous.kind, (extract(epoch from previous.occurred_at) * 1000)::float8 as at, previous.id
      from screen_state_changes previous
      where previous.screen_id = ${screens.id} and previous.occurred_at < ${from}
        and (previous.due_at is null or previous.due_at <= ${until})
      order by previous.occurred_at desc, previous.id desc
      limit 1
    ) last_before
    where ${screens.outletId} = any(${outletList})
    order by screen_id, part, at, id`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const histories = new Map<string, ScreenHistory>();
  for (const row of rows) {
    let history = histories.get(row.screen_id);
    if (!history) {
      history = { outletId: row.outlet_id, before: undefined, changes: [] };
      histories.set(row.screen_id, history);
    }
    const change = { kind: row.kind, at: Number(row.at) };
    if (Number(row.part) === 0) history.before = change;
    else history.changes.push(change);
  }
  return histories;
}
