import type { AdTargeting } from '@adloop/contract/targeting';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, pincodes, screenStateChanges, screens } from '../../db/schema.ts';
import { JOINED_SCREEN, targetingParams, targetsScreen } from '../ads/targeting-sql.ts';

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

type Row = { screen_id: string; outlet_id: string; before: string | null; marks: string | null };

/** A change as the query spells it: `+` online or `-` offline, then the epoch milliseconds. */
const changeOf = (mark: string): Change => ({
  kind: mark[0] === '-' ? 'OFFLINE' : 'ONLINE',
  at: Number(mark.slice(1)),
});

const COMMA = 44;
const MINUS = 45;
const PLUS = 43;
const ZERO = 48;

/**
 * The changes of one screen from the query's string (`+` online or `-` offline, then milliseconds
 * after `since`, comma-separated), read in one pass, in time order.
 */
export function parseMarks(marks: string, since: number): Change[] {
  const changes: Change[] = [];
  let offline = false;
  let value = 0;
  let sorted = true;
  let last = Number.NEGATIVE_INFINITY;
  const close = () => {
    const at = since + value;
    if (at < last) sorted = false;
    last = at;
    changes.push({ kind: offline ? 'OFFLINE' : 'ONLINE', at });
  };
  for (let index = 0; index < marks.length; index += 1) {
    const code = marks.charCodeAt(index);
    if (code === COMMA) {
      close();
    } else if (code === MINUS || code === PLUS) {
      offline = code === MINUS;
      value = 0;
    } else {
      value = value * 10 + (code - ZERO);
    }
  }
  if (marks.length > 0) close();
  if (!sorted) changes.sort((a, b) => a.at - b.at);
  return changes;
}

/**
 * The state changes from `since` to `now` of every screen of the outlets, and each screen's last
 * change before `since` (its state then), in one statement; pending OFFLINEs not yet due do not
 * count, as in the uptime report. Each screen's changes come as one string, so 300,000 changes
 * cross the wire as 5,000 rows, and are put in time order here. BACK_ONLINE reads as ONLINE: both
 * start an online span (`onlineSpans`).
 *
 * An instant is its epoch milliseconds, rounded half up from PostgreSQL's microseconds. Within the
 * four weeks they are reckoned from `since` in integers (the float8 epoch × 10⁶ rounds back to the
 * exact microsecond, where a numeric `extract` per change cost as much as the scan), spelt out
 * below the grouping (`offset 0`), so parallel workers spell them and the leader only joins them;
 * the last change before is found by the index on (screen, time), then among the changes of that
 * very instant the greatest id, without a sort per screen (an incremental sort per screen cost
 * five times the lookup).
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
  const sinceMicros = sql`${String(since.getTime() * 1000)}::bigint`;
  const isDue = (table: string) => sql`(${sql.raw(table)}.due_at is null or ${sql.raw(table)}.due_at <= ${until})`;
  const statement = sql`
    with within as (
      select marked.screen_id, string_agg(marked.mark, ',') as marks
      from (
        select changes.screen_id, case when changes.kind = 'OFFLINE' then '-' else '+' end
          || ((round(date_part('epoch', changes.occurred_at) * 1000000)::bigint - ${sinceMicros} + 500) / 1000)::text as mark
        from ${screenStateChanges} changes
        inner join ${screens} on ${screens.id} = changes.screen_id
        where ${screens.outletId} = any(${outletList})
          and changes.occurred_at >= ${from} and changes.occurred_at < ${until}
          and ${isDue('changes')}
        offset 0
      ) marked
      group by marked.screen_id
    )
    select ${screens.id} as screen_id, ${screens.outletId} as outlet_id, last_before.mark as before, within.marks
    from ${screens}
    left join within on within.screen_id = ${screens.id}
    left join lateral (
      select case when previous.kind = 'OFFLINE' then '-' else '+' end
        || ((extract(epoch from previous.occurred_at) * 1000)::bigint)::text as mark
      from ${screenStateChanges} previous
      where previous.screen_id = ${screens.id} and ${isDue('previous')}
        and previous.occurred_at = (
          select latest.occurred_at from ${screenStateChanges} latest
          where latest.screen_id = ${screens.id} and latest.occurred_at < ${from} and ${isDue('latest')}
          order by latest.occurred_at desc
          limit 1
        )
      order by previous.id desc
      limit 1
    ) last_before on true
    where ${screens.outletId} = any(${outletList})`;
  const result = await db.transaction(async (tx) => {
    // Thousands of screens' changes are grouped in memory (a hash) rather than sorted on disk: 200 → 120 ms.
    await tx.execute(sql`set local work_mem = '32MB'`);
    return tx.execute(statement);
  });
  const rows = (result as unknown as { rows: Row[] }).rows;
  const histories = new Map<string, ScreenHistory>();
  const sinceMs = since.getTime();
  for (const row of rows) {
    histories.set(row.screen_id, {
      outletId: row.outlet_id,
      before: row.before ? changeOf(row.before) : undefined,
      changes: row.marks ? parseMarks(row.marks, sinceMs) : [],
    });
  }
  return histories;
}
