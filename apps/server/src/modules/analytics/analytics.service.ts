import type { Scope } from '@adloop/contract/permissions';
import type { AnalyticsOverview, AnalyticsQuery } from '@adloop/contract/reports';
import { COMPANY_ROLES } from '@adloop/contract/roles';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, adTransactions, companies, outlets, playRollupsDaily, screenPayouts, screens } from '../../db/schema.ts';
import { uptime } from '../screen-activity/screen-activity.query.ts';
import type { Tenancy } from '../tenancy/tenancy.service.ts';

const TOP = 20;
const r = playRollupsDaily;

/** Company staff see their company's ads' plays; outlet staff their outlets' screens (DESIGN §5). */
function visibleTo(tenancy: Tenancy, scope: Scope): SQL | undefined {
  if (scope === 'all') return undefined;
  if ((COMPANY_ROLES as readonly string[]).includes(tenancy.role)) {
    return tenancy.companyIds.length > 0 ? inArray(r.companyId, tenancy.companyIds) : sql`false`;
  }
  return tenancy.outletIds.length > 0 ? inArray(r.outletId, tenancy.outletIds) : sql`false`;
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

const plays = sql<number>`sum(${r.plays})::int`;

/**
 * Everything the analytics page shows, from the daily rollups only (never the raw plays):
 * each query reads at most days × ads × screens rows of the caller's slice.
 */
export async function analyticsOverview(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  query: AnalyticsQuery,
): Promise<AnalyticsOverview> {
  const where = and(
    visibleTo(tenancy, scope),
    gte(r.playDate, query.from),
    lte(r.playDate, query.to),
    query.company_id ? eq(r.companyId, query.company_id) : undefined,
    query.outlet_id ? eq(r.outletId, query.outlet_id) : undefined,
    query.screen_id ? eq(r.screenId, query.screen_id) : undefined,
    query.ad_id ? eq(r.adId, query.ad_id) : undefined,
  );
  const [totals, series, byAd, byCompany, byOutlet, byScreen] = await Promise.all([
    db
      .select({
        plays: sql<number>`coalesce(sum(${r.plays}), 0)::int`,
        ads: sql<number>`count(distinct ${r.adId})::int`,
        screens: sql<number>`count(distinct ${r.screenId})::int`,
        outlets: sql<number>`count(distinct ${r.outletId})::int`,
      })
      .from(r)
      .where(where),
    db
      .select({ date: sql<string>`${r.playDate}::text`, plays })
      .from(r)
      .where(where)
      .groupBy(r.playDate),
    db
      .select({ id: r.adId, name: ads.title, companyName: companies.name, plays })
      .from(r)
      .innerJoin(ads, eq(ads.id, r.adId))
      .innerJoin(companies, eq(companies.id, r.companyId))
      .where(where)
      .groupBy(r.adId, ads.title, companies.name)
      .orderBy(desc(plays))
      .limit(TOP),
    db
      .select({ id: r.companyId, name: companies.name, plays })
      .from(r)
      .innerJoin(companies, eq(companies.id, r.companyId))
      .where(where)
      .groupBy(r.companyId, companies.name)
      .orderBy(desc(plays))
      .limit(TOP),
    db
      .select({ id: r.outletId, name: outlets.name, plays })
      .from(r)
      .innerJoin(outlets, eq(outlets.id, r.outletId))
      .where(where)
      .groupBy(r.outletId, outlets.name)
      .orderBy(desc(plays))
      .limit(TOP),
    db
      .select({ id: r.screenId, name: screens.screenCode, outletName: outlets.name, plays })
      .from(r)
      .innerJoin(screens, eq(screens.id, r.screenId))
      .innerJoin(outlets, eq(outlets.id, r.outletId))
      .where(where)
      .groupBy(r.screenId, screens.screenCode, outlets.name)
      .orderBy(desc(plays))
      .limit(TOP),
  ]);
  const perDay = new Map(series.map((row) => [row.date, row.plays]));
  const total = totals[0] ?? { plays: 0, ads: 0, screens: 0, outlets: 0 };
  return {
    totals: { ...total, uptime_pct: await averageUptime(db, tenancy, scope, query) },
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
