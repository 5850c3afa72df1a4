import type { ArchivedPlayMonth, PlaybackLogRow } from '@adloop/contract/reports';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { ads, companies, outlets, playbackLogArchives, playbackLogs, screens } from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { isHousePlay } from '../../lib/house-content.ts';
import { scopedByCompanyOrOutlet } from '../../lib/scope.ts';
import { decodeTimeCursor, encodeTimeCursor, type TimePosition } from '../../lib/time-cursor.ts';

export interface PlayFilters {
  screen_id?: string;
  ad_id?: string;
  company_id?: string;
  outlet_id?: string;
  from?: string;
  to?: string;
}

function filtersOf(caller: Caller, filters: PlayFilters): SQL | undefined {
  return and(
    // Company staff see plays of their company's ads; outlet staff plays on their outlets' screens.
    scopedByCompanyOrOutlet(caller, playbackLogs),
    filters.screen_id ? eq(playbackLogs.screenId, filters.screen_id) : undefined,
    filters.ad_id ? eq(playbackLogs.adId, filters.ad_id) : undefined,
    filters.company_id ? eq(playbackLogs.companyId, filters.company_id) : undefined,
    filters.outlet_id ? eq(playbackLogs.outletId, filters.outlet_id) : undefined,
    filters.from ? gte(playbackLogs.playedAt, new Date(filters.from)) : undefined,
    filters.to ? lt(playbackLogs.playedAt, new Date(filters.to)) : undefined,
  );
}

/**
 * One page of plays, newest first, after `position`. Keyset paging on (played_at, id) never
 * skips or repeats a row when plays arrive between pages, and costs the same on page 10,000.
 */
export async function pageOfPlays(
  ctx: Pick<ServiceContext, 'db' | 'caller'>,
  filters: PlayFilters,
  limit: number,
  after?: TimePosition,
): Promise<{ rows: PlaybackLogRow[]; positions: TimePosition[] }> {
  const { db, caller } = ctx;
  const rows = await db
    .select({
      id: playbackLogs.id,
      at: sql<string>`${playbackLogs.playedAt}::text`,
      adId: playbackLogs.adId,
      adTitle: ads.title,
      companyId: playbackLogs.companyId,
      companyName: companies.name,
      houseContent: sql<boolean>`${isHousePlay(playbackLogs.companyId, playbackLogs.outletId)}`,
      screenId: playbackLogs.screenId,
      screenCode: screens.screenCode,
      outletId: playbackLogs.outletId,
      outletName: outlets.name,
      outletCode: outlets.outletCode,
      timezone: outlets.timezone,
      playDate: playbackLogs.playDate,
      playTime: playbackLogs.playTime,
      // Plays stored before decision 072 kept the screen's clock as their date and time.
      screenDate: sql<string>`coalesce(${playbackLogs.additionalInfo} ->> 'screen_play_date', ${playbackLogs.playDate}::text)`,
      screenTime: sql<string>`coalesce(${playbackLogs.additionalInfo} ->> 'screen_play_time', ${playbackLogs.playTime}::text)`,
      playCount: playbackLogs.playCount,
      playedAt: playbackLogs.playedAt,
      receivedAt: playbackLogs.receivedAt,
      additionalInfo: playbackLogs.additionalInfo,
      local: sql<string>`to_char(${playbackLogs.playedAt} at time zone ${outlets.timezone}, 'YYYY-MM-DD HH24:MI:SS')`,
    })
    .from(playbackLogs)
    .innerJoin(ads, eq(ads.id, playbackLogs.adId))
    .innerJoin(companies, eq(companies.id, playbackLogs.companyId))
    .innerJoin(screens, eq(screens.id, playbackLogs.screenId))
    .innerJoin(outlets, eq(outlets.id, playbackLogs.outletId))
    .where(
      and(
        filtersOf(caller, filters),
        after
          ? sql`(${playbackLogs.playedAt}, ${playbackLogs.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${playbackLogs.playedAt} desc, ${playbackLogs.id} desc`)
    .limit(limit);
  return {
    positions: rows.map((row) => ({ at: row.at, id: row.id })),
    rows: rows.map((row) => ({
      id: row.id,
      ad_id: row.adId,
      ad_title: row.adTitle,
      company_id: row.companyId,
      company_name: row.companyName,
      house_content: row.houseContent,
      screen_id: row.screenId,
      screen_code: row.screenCode,
      outlet_id: row.outletId,
      outlet_name: row.outletName,
      outlet_code: row.outletCode,
      timezone: row.timezone,
      play_date: row.playDate,
      play_time: row.playTime,
      screen_date: row.screenDate,
      screen_time: row.screenTime,
      play_count: row.playCount,
      played_at: row.playedAt.toISOString(),
      played_at_local: row.local,
      received_at: row.receivedAt.toISOString(),
      additional_info: row.additionalInfo as Record<string, unknown>,
    })),
  };
}

/**
 * The archived months the filters' period reaches (decision 097): their plays are in archive files,
 * not in the answer. A month is [its first instant, the next month's) in UTC.
 */
export async function archivedMonthsOf(
  ctx: Pick<ServiceContext, 'db' | 'caller'>,
  filters: PlayFilters,
): Promise<ArchivedPlayMonth[]> {
  const rows = await ctx.db
    .select({ month: playbackLogArchives.month, file: playbackLogArchives.file, rows: playbackLogArchives.rows })
    .from(playbackLogArchives)
    .where(
      and(
        filters.to
          ? sql`(${playbackLogArchives.month} || '-01 00:00:00+00')::timestamptz < ${filters.to}::timestamptz`
          : undefined,
        filters.from
          ? sql`(${playbackLogArchives.month} || '-01 00:00:00+00')::timestamptz + interval '1 month' > ${filters.from}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(asc(playbackLogArchives.month));
  // The month's count is of every tenant's plays: told only to a caller who sees them all.
  return rows.map((row) => ({ ...row, rows: ctx.caller.scope === 'all' ? row.rows : null }));
}

export async function listPlays(ctx: ServiceContext, query: PlayFilters & { limit: number; cursor?: string }) {
  const after = query.cursor ? decodeTimeCursor(query.cursor) : undefined;
  const [page, archived] = await Promise.all([
    pageOfPlays(ctx, query, query.limit + 1, after),
    archivedMonthsOf(ctx, query),
  ]);
  const hasMore = page.rows.length > query.limit;
  const next = hasMore ? page.positions[query.limit - 1] : undefined;
  return {
    data: page.rows.slice(0, query.limit),
    meta: { nextCursor: next ? encodeTimeCursor(next) : null, archived },
  };
}

/** Every play of the filtered set, newest first, fetched in pages so memory stays flat. */
export async function* allPlays(
  ctx: Pick<ServiceContext, 'db' | 'caller'>,
  filters: PlayFilters,
  pageSize = 5000,
): AsyncGenerator<PlaybackLogRow[]> {
  let after: TimePosition | undefined;
  for (;;) {
    const page = await pageOfPlays(ctx, filters, pageSize, after);
    if (page.rows.length > 0) yield page.rows;
    after = page.positions.at(-1);
    if (page.rows.length < pageSize || !after) return;
  }
}
