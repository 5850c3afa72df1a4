import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  playbackLogArchives,
  playbackLogs,
  playRollupsAdDaily,
  playRollupsDaily,
  playRollupsScreenDaily,
  playRollupsVariantDaily,
  screenAudiences,
} from '../../db/schema.ts';
import { rebuildLineItemDelivery } from '../campaigns/line-item-delivery.ts';

/**
 * The last play date whose rollups hold archived plays (decision 097): the logs of those days are
 * partly or wholly in archive files, so their rollups are the database's only sum of them.
 */
export async function lastArchivedPlayDate(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ date: sql<string | null>`max(${playbackLogArchives.lastPlayDate})::text` })
    .from(playbackLogArchives);
  return row?.date ?? null;
}

/**
 * Recomputes the daily rollups (ad × screen, ad, screen) from the logs, the source of truth, in one
 * transaction; impressions by the screens' audience estimates of now (decision 085). Days up to the
 * last archived play's date are kept as they are, never wiped (decision 097).
 */
export async function rebuildRollups(db: Database): Promise<{ rows: number; plays: number }> {
  return db.transaction(async (tx) => {
    const kept = await lastArchivedPlayDate(tx as unknown as Database);
    const after = (date: AnyColumn | SQL) => (kept ? sql`${date} > ${kept}::date` : sql`true`);
    await tx.delete(playRollupsDaily).where(after(playRollupsDaily.playDate));
    await tx.delete(playRollupsAdDaily).where(after(playRollupsAdDaily.playDate));
    await tx.delete(playRollupsScreenDaily).where(after(playRollupsScreenDaily.playDate));
    await tx.delete(playRollupsVariantDaily).where(after(playRollupsVariantDaily.playDate));
    await tx.execute(sql`
      insert into ${playRollupsDaily} (play_date, ad_id, screen_id, company_id, outlet_id, plays, amount_minor, impressions)
      select pl.play_date, pl.ad_id, pl.screen_id, pl.company_id, pl.outlet_id, sum(pl.play_count)::int, sum(pl.price_minor),
        sum(pl.play_count * coalesce(
          ${screenAudiences.impressionsPerPlay}[extract(dow from pl.play_date)::int * 24 + extract(hour from pl.play_time)::int + 1], 0
        ))
      from ${playbackLogs} pl
      left join ${screenAudiences} on ${screenAudiences.screenId} = pl.screen_id
      where ${after(sql`pl.play_date`)}
      group by pl.play_date, pl.ad_id, pl.screen_id, pl.company_id, pl.outlet_id`);
    await tx.execute(sql`
      insert into ${playRollupsVariantDaily} (play_date, variant_id, ad_id, plays)
      select play_date, variant_id, ad_id, sum(play_count)::int
      from ${playbackLogs} where variant_id is not null and ${after(sql`play_date`)}
      group by play_date, variant_id, ad_id`);
    // The coarser rollups are sums of the fine one, which is already far smaller than the logs.
    await tx.execute(sql`
      insert into ${playRollupsAdDaily} (play_date, ad_id, company_id, plays, amount_minor, impressions)
      select play_date, ad_id, company_id, sum(plays)::int, sum(amount_minor), sum(impressions)
      from ${playRollupsDaily} where ${after(sql`play_date`)} group by play_date, ad_id, company_id`);
    await tx.execute(sql`
      insert into ${playRollupsScreenDaily} (play_date, screen_id, outlet_id, plays, amount_minor, impressions)
      select play_date, screen_id, outlet_id, sum(plays)::int, sum(amount_minor), sum(impressions)
      from ${playRollupsDaily} where ${after(sql`play_date`)} group by play_date, screen_id, outlet_id`);
    await rebuildLineItemDelivery(tx, kept);
    const [totals] = await tx
      .select({
        rows: sql<number>`count(*)::int`,
        plays: sql<number>`coalesce(sum(${playRollupsDaily.plays}), 0)::int`,
      })
      .from(playRollupsDaily);
    return { rows: totals?.rows ?? 0, plays: totals?.plays ?? 0 };
  });
}
