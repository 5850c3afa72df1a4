import type { PlaybackLogEntry } from '@adloop/contract/screen';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lineItemDeliveryHours, lineItemDeliveryTotals, screenAudiences } from '../../db/schema.ts';

/** What a line item's creatives played: its ads, on the local dates of its flight. */
export interface LineItemCreatives {
  id: string;
  adIds: readonly string[];
  startsOn: string;
  endsOn: string;
}

/** Stored plays of a line item in one screen-hour (local date and hour of the screen's outlet). */
export interface DeliveredHour {
  screenId: string;
  date: string;
  hour: number;
  plays: number;
  spend: number;
  /** The plays × the screen's impressions per play that hour, as estimated when they were stored (decision 085). */
  impressions: number;
}

export const hourKey = (screenId: string, date: string, hour: number) => `${screenId} ${date} ${hour}`;

/**
 * A line item's delivery (decision 084), from `line_item_delivery_hours`, which the ingestion grows
 * in the transaction that stores the plays the plan check accepted for it: each play in the
 * screen-hour it happened on its outlet's clock (decision 072), so a late or resent batch lands in
 * its own hour, once.
 */
export async function deliveredHours(
  db: Database,
  item: Pick<LineItemCreatives, 'id'>,
  { screenId }: { screenId?: string } = {},
): Promise<DeliveredHour[]> {
  const rows = await db
    .select()
    .from(lineItemDeliveryHours)
    .where(
      and(
        eq(lineItemDeliveryHours.lineItemId, item.id),
        screenId ? eq(lineItemDeliveryHours.screenId, screenId) : undefined,
      ),
    );
  return rows.map((row) => ({
    screenId: row.screenId,
    date: row.localDate,
    hour: row.hour,
    plays: row.plays,
    spend: row.spendMinor,
    impressions: row.impressions,
  }));
}

/** A line item's delivery in all: plays, spend (paise) and impressions. */
export async function deliveredTotals(
  db: Database,
  lineItemId: string,
): Promise<{ plays: number; spend: number; impressions: number }> {
  const [row] = await db.select().from(lineItemDeliveryTotals).where(eq(lineItemDeliveryTotals.lineItemId, lineItemId));
  return { plays: row?.plays ?? 0, spend: row?.spendMinor ?? 0, impressions: row?.impressions ?? 0 };
}

/**
 * Grows the delivery of the line items whose plays a batch stored (`lineItemOf`: play id → line
 * item, from the plan check), in the transaction that stored them, by the plays that were new
 * (`stored`). Impressions through the screen's audience estimate for the hour of the week played.
 */
export async function recordLineItemDelivery(
  db: Database,
  logs: readonly PlaybackLogEntry[],
  stored: ReadonlySet<string>,
  lineItemOf: ReadonlyMap<string, string>,
  priceOf: (log: PlaybackLogEntry) => number,
): Promise<void> {
  const mine = logs
    .filter((log) => stored.has(log.id) && lineItemOf.has(log.id))
    .sort((a, b) => lineItemOf.get(a.id)!.localeCompare(lineItemOf.get(b.id)!));
  if (mine.length === 0) return;
  const column = <T>(pick: (log: PlaybackLogEntry) => T): SQL => sql`${sql.param(mine.map(pick))}`;
  await db.execute(sql`
    with played as (
      select p.line_item_id, p.screen_id, p.play_date, p.hour, sum(p.plays)::int as plays, sum(p.spend) as spend,
        sum(p.plays * coalesce(${screenAudiences.impressionsPerPlay}[extract(dow from p.play_date)::int * 24 + p.hour + 1], 0)) as impressions
      from unnest(${column((log) => lineItemOf.get(log.id)!)}::uuid[], ${column((log) => log.screen_id)}::uuid[],
        ${column((log) => log.play_date)}::date[], ${column((log) => Number(log.play_time.slice(0, 2)))}::int[],
        ${column((log) => log.play_count)}::int[], ${column(priceOf)}::bigint[])
        as p(line_item_id, screen_id, play_date, hour, plays, spend)
      left join ${screenAudiences} on ${screenAudiences.screenId} = p.screen_id
      group by 1, 2, 3, 4
    ), hours as (
      insert into ${lineItemDeliveryHours} (line_item_id, screen_id, local_date, hour, plays, spend_minor, impressions)
      select * from played order by 1, 2, 3, 4
      on conflict (line_item_id, screen_id, local_date, hour) do update
        set plays = ${lineItemDeliveryHours.plays} + excluded.plays,
          spend_minor = ${lineItemDeliveryHours.spendMinor} + excluded.spend_minor,
          impressions = ${lineItemDeliveryHours.impressions} + excluded.impressions
    )
    insert into ${lineItemDeliveryTotals} (line_item_id, plays, spend_minor, impressions)
    select line_item_id, sum(plays)::int, sum(spend), sum(impressions) from played group by 1 order by 1
    on conflict (line_item_id) do update
      set plays = ${lineItemDeliveryTotals.plays} + excluded.plays,
        spend_minor = ${lineItemDeliveryTotals.spendMinor} + excluded.spend_minor,
        impressions = ${lineItemDeliveryTotals.impressions} + excluded.impressions`);
}

/**
 * Recomputes every line item's delivery from the stored plays (`npm run rollups:rebuild`): the
 * plays of its creatives on its flight's dates while its campaign was booked, active or completed,
 * with impressions by the audience estimates of now.
 */
export async function rebuildLineItemDelivery(db: Database, keptThrough: string | null = null): Promise<void> {
  // Days whose plays are archived keep their hours (decision 097): the logs no longer hold them all.
  const after = (date: SQL) => (keptThrough ? sql`${date} > ${keptThrough}::date` : sql`true`);
  await db.delete(lineItemDeliveryHours).where(after(sql`${lineItemDeliveryHours.localDate}`));
  await db.delete(lineItemDeliveryTotals);
  await db.execute(sql`
    insert into ${lineItemDeliveryHours} (line_item_id, screen_id, local_date, hour, plays, spend_minor, impressions)
    select li.id, pl.screen_id, pl.play_date, extract(hour from pl.play_time)::smallint,
      sum(pl.play_count)::int, sum(pl.price_minor),
      sum(pl.play_count * coalesce(sa.impressions_per_play[extract(dow from pl.play_date)::int * 24 + extract(hour from pl.play_time)::int + 1], 0))
    from playback_logs pl
    join line_items li on pl.ad_id = any(li.ad_ids) and pl.play_date between li.starts_on and li.ends_on
    join campaigns c on c.id = li.campaign_id and c.status in ('BOOKED', 'ACTIVE', 'COMPLETED')
    left join screen_audiences sa on sa.screen_id = pl.screen_id
    where ${after(sql`pl.play_date`)}
    group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into ${lineItemDeliveryTotals} (line_item_id, plays, spend_minor, impressions)
    select line_item_id, sum(plays)::int, sum(spend_minor), sum(impressions) from ${lineItemDeliveryHours} group by 1`);
}
