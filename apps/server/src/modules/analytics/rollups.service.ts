import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { playbackLogs, playRollupsDaily } from '../../db/schema.ts';

/** Recomputes the daily rollups from the logs, the source of truth, in one transaction. */
export async function rebuildRollups(db: Database): Promise<{ rows: number; plays: number }> {
  return db.transaction(async (tx) => {
    await tx.delete(playRollupsDaily);
    await tx.execute(sql`
      insert into ${playRollupsDaily} (play_date, ad_id, screen_id, company_id, outlet_id, plays)
      select play_date, ad_id, screen_id, company_id, outlet_id, sum(play_count)::int
      from ${playbackLogs}
      group by play_date, ad_id, screen_id, company_id, outlet_id`);
    const [totals] = await tx
      .select({
        rows: sql<number>`count(*)::int`,
        plays: sql<number>`coalesce(sum(${playRollupsDaily.plays}), 0)::int`,
      })
      .from(playRollupsDaily);
    return { rows: totals?.rows ?? 0, plays: totals?.plays ?? 0 };
  });
}
