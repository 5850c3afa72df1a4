import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { playbackLogs } from '../../db/schema.ts';

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
}

export const hourKey = (screenId: string, date: string, hour: number) => `${screenId} ${date} ${hour}`;

/**
 * A line item's delivery, from stored proof of play (decision 084): the plays of its creatives on
 * the dates of its flight, each in the screen-hour it happened on its outlet's clock (decision
 * 072), so a late or resent batch lands in its own hour, once. An ad is a creative of at most one
 * live line item at a time (booking refuses a second), so no play counts for two.
 */
export async function deliveredHours(
  db: Database,
  item: LineItemCreatives,
  { screenId }: { screenId?: string } = {},
): Promise<DeliveredHour[]> {
  if (item.adIds.length === 0) return [];
  const result = await db.execute<{ screen_id: string; date: string; hour: number; plays: number; spend: string }>(sql`
    select ${playbackLogs.screenId} as screen_id, ${playbackLogs.playDate}::text as date,
      extract(hour from ${playbackLogs.playTime})::int as hour,
      sum(${playbackLogs.playCount})::int as plays, sum(${playbackLogs.priceMinor})::text as spend
    from ${playbackLogs}
    where ${playbackLogs.adId} = any(${sql.param([...item.adIds])}::uuid[])
      and ${playbackLogs.playDate} between ${item.startsOn}::date and ${item.endsOn}::date
      ${screenId ? sql`and ${playbackLogs.screenId} = ${screenId}::uuid` : sql``}
    group by 1, 2, 3`);
  const rows = (
    result as unknown as {
      rows: Array<{ screen_id: string; date: string; hour: number; plays: number; spend: string }>;
    }
  ).rows;
  return rows.map((row) => ({
    screenId: row.screen_id,
    date: row.date,
    hour: Number(row.hour),
    plays: Number(row.plays),
    spend: Number(row.spend),
  }));
}
