import type { Scope } from '@adloop/contract/permissions';
import type { AnalyticsOverview, AnalyticsQuery } from '@adloop/contract/reports';
import { COMPANY_ROLES } from '@adloop/contract/roles';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
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
  screenPayouts,
  screens,
} from '../../db/schema.ts';
import { uptime } from '../screen-activity/screen-activity.query.ts';
import type { Tenancy } from '../tenancy/tenancy.service.ts';

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
  adId?: AnyPgColumn;
  companyId?: AnyPgColumn;
  screenId?: AnyPgColumn;
  outletId?: AnyPgColumn;
}

const fine: Source = {
  table: playRollupsDaily,
  playDate: playRollupsDaily.playDate,
  plays: playRollupsDaily.plays,
  adId: playRollupsDaily.adId,
  companyId: playRollupsDaily.companyId,
  screenId: playRollupsDaily.screenId,
  outletId: playRollupsDaily.outletId,
};
const byAdDay: Source = {
  table: playRollupsAdDaily,
  playDate: playRollupsAdDaily.playDate,
  plays: playRollupsAdDaily.plays,
  adId: playRollupsAdDaily.adId,
  companyId: playRollupsAdDaily.companyId,
};
const byScreenDay: Source = {
  table: playRollupsScreenDaily,
  playDate: playRollupsScreenDaily.playDate,
  plays: playRollupsScreenDaily.plays,
  screenId: playRollupsScreenDaily.screenId,
  outletId: playRollupsScreenDaily.outletId,
};

const isCompanyRole = (tenancy: Tenancy) => (COMPANY_ROLES as readonly string[]).includes(tenancy.role);

/** The slice's conditions on a source; null when the source lacks a column the slice needs. */
function whereOn(source: Source, tenancy: Tenancy, scope: Scope, query: AnalyticsQuery): SQL | undefined | null {
  const conditions: Array<SQL | undefined> = [gte(source.playDate, query.from), lte(source.playDate, query.to)];
  const need = (column: AnyPgColumn | undefined, value: string | undefined, make: (c: AnyPgColumn) => SQL) => {
    if (value === undefined) return true;
    if (!column) return false;
    conditions.push(make(column));
    return true;
  };
  if (scope !== 'all') {
    const companyRole = isCompanyRole(tenancy);
    const column = companyRole ? source.companyId : source.outletId;
    const ids = companyRole ? tenancy.companyIds : tenancy.outletIds;
    if (!column) return null;
    conditions.push(ids.length > 0 ? inArray(column, ids) : sql`false`);
  }
  const ok =
    need(source.companyId, query.company_id, (c) => eq(c, query.company_id!)) &&
    need(source.outletId, query.outlet_id, (c) => eq(c, query.outlet_id!)) &&
    need(source.screenId, query.screen_id, (c) => eq(c, query.screen_id!)) &&
    need(source.adId, query.ad_id, (c) => eq(c, query.ad_id!));
  return ok ? and(...conditions) : null;
}

/** The smallest source that can answer for the slice: the coarse one when it has every column needed. */
function sourceFor(
  coarse: Source,
  tenancy: Tenancy,
  scope: Scope,
  query: AnalyticsQuery,
): { source: Source; where: SQL | undefined } {
  const where = whereOn(coarse, tenancy, scope, query);
  if (where !== null) return { source: coarse, where };
  return { source: fine, where: whereOn(fine, tenancy, scope, query) ?? undefined };
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

/**
 * Everything the analytics page shows, from the daily rollups only (never the raw plays). The
 * ad side (series, ads, companies) and the screen side (screens, outlets) each read the
 * smallest rollup that can answer for the caller's slice.
 */
export async function analyticsOverview(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  query: AnalyticsQuery,
): Promise<AnalyticsOverview> {
  const adSide = sourceFor(byAdDay, tenancy, scope, query);
  const screenSide = sourceFor(byScreenDay, tenancy, scope, query);
  const a = adSide.source;
  const sc = screenSide.source;
  const adPlays = sql<number>`sum(${a.plays})::int`;
  const screenPlays = sql<number>`sum(${sc.plays})::int`;
  const [adTotals, screenTotals, series, byAd, byCompany, byOutlet, byScreen] = await Promise.all([
    db
      .select({
        plays: sql<number>`coalesce(sum(${a.plays}), 0)::int`,
        ads: sql<number>`count(distinct ${a.adId})::int`,
      })
      .from(a.table)
      .where(adSide.where),
    db
      .select({
        screens: sql<number>`count(distinct ${sc.screenId})::int`,
        outlets: sql<number>`count(distinct ${sc.outletId})::int`,
      })
      .from(sc.table)
      .where(screenSide.where),
    db
      .select({ date: sql<string>`${a.playDate}::text`, plays: adPlays })
      .from(a.table)
      .where(adSide.where)
      .groupBy(a.playDate),
    db
      .select({ id: ads.id, name: ads.title, companyName: companies.name, plays: adPlays })
      .from(a.table)
      .innerJoin(ads, eq(ads.id, a.adId!))
      .innerJoin(companies, eq(companies.id, ads.companyId))
      .where(adSide.where)
      .groupBy(ads.id, ads.title, companies.name)
      .orderBy(desc(adPlays))
      .limit(TOP),
    db
      .select({ id: companies.id, name: companies.name, plays: adPlays })
      .from(a.table)
      .innerJoin(companies, eq(companies.id, a.companyId!))
      .where(adSide.where)
      .groupBy(companies.id, companies.name)
      .orderBy(desc(adPlays))
      .limit(TOP),
    db
      .select({ id: outlets.id, name: outlets.name, plays: screenPlays })
      .from(sc.table)
      .innerJoin(outlets, eq(outlets.id, sc.outletId!))
      .where(screenSide.where)
      .groupBy(outlets.id, outlets.name)
      .orderBy(desc(screenPlays))
      .limit(TOP),
    db
      .select({ id: screens.id, name: screens.screenCode, outletName: outlets.name, plays: screenPlays })
      .from(sc.table)
      .innerJoin(screens, eq(screens.id, sc.screenId!))
      .innerJoin(outlets, eq(outlets.id, screens.outletId))
      .where(screenSide.where)
      .groupBy(screens.id, screens.screenCode, outlets.name)
      .orderBy(desc(screenPlays))
      .limit(TOP),
  ]);
  const perDay = new Map(series.map((row) => [row.date, row.plays]));
  return {
    totals: {
      plays: adTotals[0]?.plays ?? 0,
      ads: adTotals[0]?.ads ?? 0,
      screens: screenTotals[0]?.screens ?? 0,
      outlets: screenTotals[0]?.outlets ?? 0,
      uptime_pct: await averageUptime(db, tenancy, scope, query),
    },
    series: daysOf(query.from, query.to).map((date) => ({ date, plays: perDay.get(date) ?? 0 })),
    by_ad: byAd.map((row) => ({ id: row.id, name: row.name, company_name: row.companyName, plays: row.plays })),
    by_company: byCompany,
    by_outlet: byOutlet,
    by_screen: byScreen.map((row) => ({ id: row.id, name: row.name, outlet_name: row.outletName, plays: row.plays })),
    revenue: tenancy.role === 'GLOBAL_ADMIN' ? await revenue(db, query) : null,
  };
}

/** Mean uptime of the screens in the slice, for roles that see screen activity; null otherwise. */
async function averageUptime(db: Database, tenancy: Tenancy, scope: Scope, query: AnalyticsQuery) {
  if (tenancy.role !== 'GLOBAL_ADMIN' && !['OUTLET_ADMIN', 'OUTLET_EMPLOYEE'].includes(tenancy.role)) return null;
  if (query.company_id || query.ad_id || daysOf(query.from, query.to).length > 93) return null;
  const rows = await uptime(db, tenancy, scope, query);
  const days = rows.flatMap((row) => row.days).filter((day) => day.online_minutes >= 0);
  if (days.length === 0) return null;
  return Math.round((days.reduce((sum, day) => sum + day.uptime_pct, 0) / days.length) * 10) / 10;
}

/** Money of the period (INR): billed = completed transactions; payouts and commission of periods ending in it. */
async function revenue(db: Database, query: AnalyticsQuery) {
  const [billed] = await db
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
    billed_minor: Number(billed?.value ?? 0),
    payouts_minor: Number(paid?.payouts ?? 0),
    commission_minor: Number(paid?.commission ?? 0),
  };
}
