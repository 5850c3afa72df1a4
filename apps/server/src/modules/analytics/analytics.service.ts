import { canSeeField } from '@adloop/contract/field-grants';
import type { AnalyticsOverview, AnalyticsQuery, UptimeGap } from '@adloop/contract/reports';
import { COMPANY_ROLES } from '@adloop/contract/roles';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  ads,
  adTransactions,
  companies,
  outlets,
  playRollupsAdDaily,
  playRollupsDaily,
  playRollupsScreenDaily,
  screenAudiences,
  screenPayouts,
  screens,
} from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { reachesAll, scopedByCompanyOrOutlet } from '../../lib/scope.ts';
import { MAX_UPTIME_DAYS, uptime } from '../screen-activity/uptime.ts';

const TOP = 20;

/**
 * A rollup table and the columns it has. The fine one (day × ad × screen) answers anything;
 * the coarse ones (day × ad, day × screen) are much smaller and answer whatever does not
 * need the other side.
 */
interface Source {
  table: PgTable;
  playDate: AnyPgColumn;
  plays: AnyPgColumn;
  impressions: AnyPgColumn;
  /** Σ the plays' prices by the rate card (decision 033): what the advertisers were billed for them. */
  amount: AnyPgColumn;
  adId?: AnyPgColumn;
  companyId?: AnyPgColumn;
  screenId?: AnyPgColumn;
  outletId?: AnyPgColumn;
}

const fine: Source = {
  table: playRollupsDaily,
  playDate: playRollupsDaily.playDate,
  plays: playRollupsDaily.plays,
  impressions: playRollupsDaily.impressions,
  amount: playRollupsDaily.amountMinor,
  adId: playRollupsDaily.adId,
  companyId: playRollupsDaily.companyId,
  screenId: playRollupsDaily.screenId,
  outletId: playRollupsDaily.outletId,
};
const byAdDay: Source = {
  table: playRollupsAdDaily,
  playDate: playRollupsAdDaily.playDate,
  plays: playRollupsAdDaily.plays,
  impressions: playRollupsAdDaily.impressions,
  amount: playRollupsAdDaily.amountMinor,
  adId: playRollupsAdDaily.adId,
  companyId: playRollupsAdDaily.companyId,
};
const byScreenDay: Source = {
  table: playRollupsScreenDaily,
  playDate: playRollupsScreenDaily.playDate,
  plays: playRollupsScreenDaily.plays,
  impressions: playRollupsScreenDaily.impressions,
  amount: playRollupsScreenDaily.amountMinor,
  screenId: playRollupsScreenDaily.screenId,
  outletId: playRollupsScreenDaily.outletId,
};

const isCompanyRole = (caller: Caller) => (COMPANY_ROLES as readonly string[]).includes(caller.role);

/** The slice's conditions on a source; null when the source lacks a column the slice needs. */
function whereOn(source: Source, caller: Caller, query: AnalyticsQuery): SQL | undefined | null {
  const conditions: Array<SQL | undefined> = [gte(source.playDate, query.from), lte(source.playDate, query.to)];
  const need = (column: AnyPgColumn | undefined, value: string | undefined, make: (c: AnyPgColumn) => SQL) => {
    if (value === undefined) return true;
    if (!column) return false;
    conditions.push(make(column));
    return true;
  };
  // A source without the column that scopes the caller (company or outlet id) cannot answer for them.
  if (!reachesAll(caller) && !(isCompanyRole(caller) ? source.companyId : source.outletId)) return null;
  conditions.push(scopedByCompanyOrOutlet(caller, source));
  const ok =
    need(source.companyId, query.company_id, (c) => eq(c, query.company_id!)) &&
    need(source.outletId, query.outlet_id, (c) => eq(c, query.outlet_id!)) &&
    need(source.screenId, query.screen_id, (c) => eq(c, query.screen_id!)) &&
    need(source.adId, query.ad_id, (c) => eq(c, query.ad_id!));
  return ok ? and(...conditions) : null;
}

/** The smallest source that can answer for the slice: the coarse one when it has every column needed. */
function sourceFor(coarse: Source, caller: Caller, query: AnalyticsQuery): { source: Source; where: SQL | undefined } {
  const where = whereOn(coarse, caller, query);
  if (where !== null) return { source: coarse, where };
  return { source: fine, where: whereOn(fine, caller, query) ?? undefined };
}

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day <= new Date(`${to}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** What a slice of plays amounts to: its plays and the impressions they made (decision 085). */
interface Seen {
  plays: number;
  impressions: number;
}

const NOTHING: Seen = { plays: 0, impressions: 0 };
const add = (a: Seen, b: Seen): Seen => ({ plays: a.plays + b.plays, impressions: a.impressions + b.impressions });
/** Plays, and impressions to the whole one: an estimate's fractions are not worth showing. */
const seen = (row: Seen) => ({ plays: row.plays, impressions: Math.round(row.impressions) });
const impressionsOf = (source: Source) => sql<number>`coalesce(sum(${source.impressions}), 0)::float8`;

function sumBy<T extends Seen>(rows: T[], key: (row: T) => string): Array<{ id: string } & Seen> {
  const sums = new Map<string, Seen>();
  for (const row of rows) sums.set(key(row), add(sums.get(key(row)) ?? NOTHING, row));
  return [...sums].map(([id, sum]) => ({ id, ...sum }));
}

function top<T extends { plays: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.plays - a.plays).slice(0, TOP);
}

/**
 * Everything the analytics page shows, from the daily rollups only (never the raw plays), in
 * three scans: plays and impressions per ad, per screen and per day of the slice, each from the
 * smallest rollup that can answer for it. Totals, companies and outlets are summed from the
 * per-ad and per-screen rows (at most one row per ad or screen); names and the screens' audience
 * estimates are looked up by id.
 */
export async function analyticsOverview(ctx: ServiceContext, query: AnalyticsQuery): Promise<AnalyticsOverview> {
  const { db, caller } = ctx;
  const adSide = sourceFor(byAdDay, caller, query);
  const screenSide = sourceFor(byScreenDay, caller, query);
  const a = adSide.source;
  const sc = screenSide.source;
  const [perAd, perScreen, series, uptimeOfSlice] = await Promise.all([
    db
      .select({
        id: sql<string>`${a.adId}`,
        companyId: sql<string>`${a.companyId}`,
        plays: sql<number>`sum(${a.plays})::int`,
        impressions: impressionsOf(a),
        // bigint sums arrive as text; a slice's spend stays far below 2^53 paise.
        billed: sql<string>`coalesce(sum(${a.amount}), 0)::text`,
      })
      .from(a.table)
      .where(adSide.where)
      .groupBy(a.adId!, a.companyId!),
    db
      .select({
        id: sql<string>`${sc.screenId}`,
        outletId: sql<string>`${sc.outletId}`,
        plays: sql<number>`sum(${sc.plays})::int`,
        impressions: impressionsOf(sc),
      })
      .from(sc.table)
      .where(screenSide.where)
      .groupBy(sc.screenId!, sc.outletId!),
    db
      .select({
        date: sql<string>`${a.playDate}::text`,
        plays: sql<number>`sum(${a.plays})::int`,
        impressions: impressionsOf(a),
      })
      .from(a.table)
      .where(adSide.where)
      .groupBy(a.playDate),
    averageUptime(ctx, query),
  ]);

  const perCompany = top(sumBy(perAd, (row) => row.companyId));
  const perOutlet = sumBy(perScreen, (row) => row.outletId);
  const topAds = top(perAd);
  const topScreens = top(perScreen);
  const topOutlets = top(perOutlet);

  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  const [adNames, companyNames, screenNames, outletNames, audiences] = await Promise.all([
    db
      .select({ id: ads.id, title: ads.title, companyName: companies.name })
      .from(ads)
      .innerJoin(companies, eq(companies.id, ads.companyId))
      .where(inArray(ads.id, ids(topAds))),
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, ids(perCompany))),
    db
      .select({ id: screens.id, code: screens.screenCode, outletName: outlets.name })
      .from(screens)
      .innerJoin(outlets, eq(outlets.id, screens.outletId))
      .where(inArray(screens.id, ids(topScreens))),
    db
      .select({ id: outlets.id, name: outlets.name })
      .from(outlets)
      .where(inArray(outlets.id, ids(topOutlets))),
    db
      .select({ id: screenAudiences.screenId, source: screenAudiences.source })
      .from(screenAudiences)
      .where(inArray(screenAudiences.screenId, ids(perScreen))),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  const adsById = byId(adNames);
  const companiesById = byId(companyNames);
  const screensById = byId(screenNames);
  const outletsById = byId(outletNames);
  const audiencesById = byId(audiences);
  const outletsWithAudience = new Set(perScreen.filter((row) => audiencesById.has(row.id)).map((row) => row.outletId));
  const perDay = new Map(series.map((row) => [row.date, row]));

  return {
    totals: {
      ...seen(perAd.reduce(add, NOTHING)),
      ads: perAd.length,
      screens: perScreen.length,
      screens_with_audience: audiences.length,
      outlets: perOutlet.length,
      uptime_pct: uptimeOfSlice.pct,
      uptime_screens: uptimeOfSlice.screens,
      uptime_unavailable: uptimeOfSlice.unavailable,
    },
    series: daysOf(query.from, query.to).map((date) => ({ date, ...seen(perDay.get(date) ?? NOTHING) })),
    by_ad: topAds.map((row) => ({
      id: row.id,
      name: adsById.get(row.id)?.title ?? '',
      company_name: adsById.get(row.id)?.companyName ?? '',
      ...seen(row),
    })),
    by_company: perCompany.map((row) => ({
      id: row.id,
      name: companiesById.get(row.id)?.name ?? '',
      ...seen(row),
    })),
    by_outlet: topOutlets.map((row) => ({
      id: row.id,
      name: outletsById.get(row.id)?.name ?? '',
      has_audience: outletsWithAudience.has(row.id),
      ...seen(row),
    })),
    by_screen: topScreens.map((row) => ({
      id: row.id,
      name: screensById.get(row.id)?.code ?? '',
      outlet_name: screensById.get(row.id)?.outletName ?? '',
      audience_source: audiencesById.get(row.id)?.source ?? null,
      ...seen(row),
    })),
    revenue: canSeeField(caller.role, 'analytics', 'revenue')
      ? await revenue(
          db,
          query,
          perAd.reduce((sum, row) => sum + Number(row.billed), 0),
        )
      : null,
  };
}

/**
 * Uptime of the screens in the slice, for roles that see screen activity: their minutes online over
 * their minutes since first switched on in the range (decision 048, 092), with how many screens
 * that covers; when there is none, why not, so the page never says "no screen" beside plays.
 */
async function averageUptime(
  ctx: ServiceContext,
  query: AnalyticsQuery,
): Promise<{ pct: number | null; screens: number | null; unavailable: UptimeGap | null }> {
  const { caller } = ctx;
  const gap = (unavailable: UptimeGap) => ({ pct: null, screens: null, unavailable });
  if (!canSeeField(caller.role, 'analytics', 'totals.uptime_pct')) return gap('NOT_YOUR_SCREENS');
  if (query.company_id || query.ad_id) return gap('AD_OR_COMPANY_SLICE');
  if (daysOf(query.from, query.to).length > MAX_UPTIME_DAYS) return gap('RANGE_OVER_93_DAYS');
  const perScreen = (await uptime(ctx, query)).map((row) => ({
    existed: row.days.reduce((sum, day) => sum + day.window_minutes, 0),
    online: row.days.reduce((sum, day) => sum + day.online_minutes, 0),
  }));
  const switchedOn = perScreen.filter((row) => row.existed > 0);
  const existed = switchedOn.reduce((sum, row) => sum + row.existed, 0);
  if (existed === 0) return { pct: null, screens: 0, unavailable: 'NO_SCREEN_SWITCHED_ON' };
  const online = switchedOn.reduce((sum, row) => sum + row.online, 0);
  return { pct: Math.round((online / existed) * 1000) / 10, screens: switchedOn.length, unavailable: null };
}

/**
 * Money of the period (INR), each figure the same as the page that owns it (decision 092):
 * billed = the plays of the slice priced by the rate card, as Ad transactions' spend; received =
 * completed transactions dated in it (UTC days, as the transactions list filters them); payouts
 * and commission of the payout periods ending in it.
 */
async function revenue(db: Database, query: AnalyticsQuery, billedMinor: number) {
  const [received] = await db
    .select({ value: sql<number>`coalesce(sum(${adTransactions.amountMinor}), 0)::bigint` })
    .from(adTransactions)
    .where(
      and(
        eq(adTransactions.status, 'COMPLETED'),
        eq(adTransactions.currency, 'INR'),
        gte(adTransactions.transactedAt, new Date(`${query.from}T00:00:00Z`)),
        sql`${adTransactions.transactedAt} < ${new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)}`,
        query.company_id ? eq(adTransactions.companyId, query.company_id) : undefined,
      ),
    );
  const [paid] = await db
    .select({
      payouts: sql<number>`coalesce(sum(${screenPayouts.amountMinor}), 0)::bigint`,
      commission: sql<number>`coalesce(sum(${screenPayouts.commissionMinor}), 0)::bigint`,
    })
    .from(screenPayouts)
    .where(
      and(
        eq(screenPayouts.currency, 'INR'),
        gte(screenPayouts.periodEnd, query.from),
        lte(screenPayouts.periodEnd, query.to),
        query.outlet_id ? eq(screenPayouts.outletId, query.outlet_id) : undefined,
        query.screen_id ? eq(screenPayouts.screenId, query.screen_id) : undefined,
      ),
    );
  return {
    currency: 'INR',
    billed_minor: billedMinor,
    received_minor: Number(received?.value ?? 0),
    payouts_minor: Number(paid?.payouts ?? 0),
    commission_minor: Number(paid?.commission ?? 0),
  };
}
