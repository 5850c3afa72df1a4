import type { CompanySpend, Spend, SpendQuery } from '@adloop/contract/billing';
import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ads, adTransactions, companies, playRollupsAdDaily } from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { isAdvertiser, ofAdvertiser } from '../../lib/house-content.ts';
import { notFound } from '../../lib/http-error.ts';
import { assertCallersCompany, reachesAll } from '../../lib/scope.ts';

/** The rate card's currency; transactions in another currency are not set against its prices. */
const SPEND_CURRENCY = 'INR';

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** The companies a caller's spend covers: the one asked for (404 outside their caller), else all they reach. */
function companiesOf(caller: Caller, companyId?: string): string[] | undefined {
  if (companyId) {
    assertCallersCompany(caller, companyId);
    return [companyId];
  }
  return reachesAll(caller) ? undefined : caller.companyIds;
}

function scoped(column: PgColumn, ids?: string[]): SQL | undefined {
  if (ids === undefined) return undefined;
  return ids.length > 0 ? inArray(column, ids) : sql`false`;
}

/**
 * What each company's plays cost over the period (the rollup of ad × day holds the sum of the
 * plays' prices, decision 033) beside what it paid (completed transactions transacted in the
 * period), per ad, and the balance owed. Reads the rollup, never the raw plays. Advertisers only:
 * the outlets' house content is never billed (decision 090).
 */
export async function spendSummary(ctx: ServiceContext, query: SpendQuery): Promise<Spend> {
  const { db, caller } = ctx;
  const ids = companiesOf(caller, query.company_id);
  const [played, paid, named] = await Promise.all([
    db
      .select({
        companyId: playRollupsAdDaily.companyId,
        adId: playRollupsAdDaily.adId,
        title: ads.title,
        plays: sql<number>`sum(${playRollupsAdDaily.plays})::int`,
        spend: sql<string>`sum(${playRollupsAdDaily.amountMinor})::text`,
      })
      .from(playRollupsAdDaily)
      .innerJoin(ads, eq(ads.id, playRollupsAdDaily.adId))
      .where(
        and(
          scoped(playRollupsAdDaily.companyId, ids),
          ofAdvertiser(playRollupsAdDaily.companyId),
          query.from ? gte(playRollupsAdDaily.playDate, query.from) : undefined,
          query.to ? lte(playRollupsAdDaily.playDate, query.to) : undefined,
        ),
      )
      .groupBy(playRollupsAdDaily.companyId, playRollupsAdDaily.adId, ads.title),
    db
      .select({
        companyId: adTransactions.companyId,
        paid: sql<string>`sum(${adTransactions.amountMinor})::text`,
      })
      .from(adTransactions)
      .where(
        and(
          scoped(adTransactions.companyId, ids),
          eq(adTransactions.status, 'COMPLETED'),
          eq(adTransactions.currency, SPEND_CURRENCY),
          query.from ? gte(adTransactions.transactedAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
          query.to ? lt(adTransactions.transactedAt, nextDay(query.to)) : undefined,
        ),
      )
      .groupBy(adTransactions.companyId),
    // A company role sees its own company even in a period without plays or payments.
    ids && ids.length > 0
      ? db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(and(inArray(companies.id, ids), isAdvertiser))
      : Promise.resolve([]),
  ]);
  // A company named that does not exist (the caller's own always do).
  if (query.company_id && named.length === 0) throw notFound('Company');

  const byCompany = new Map<string, CompanySpend>();
  const companyFor = (id: string) => {
    let entry = byCompany.get(id);
    if (!entry) {
      entry = { company_id: id, company_name: '', plays: 0, spend_minor: 0, paid_minor: 0, balance_minor: 0, ads: [] };
      byCompany.set(id, entry);
    }
    return entry;
  };
  for (const company of named) companyFor(company.id);
  for (const row of played) {
    const entry = companyFor(row.companyId);
    const spend = Number(row.spend);
    entry.plays += row.plays;
    entry.spend_minor += spend;
    entry.ads.push({ ad_id: row.adId, title: row.title, plays: row.plays, spend_minor: spend });
  }
  for (const row of paid) companyFor(row.companyId).paid_minor = Number(row.paid);

  const missingNames = [...byCompany.keys()].filter((id) => !named.some((company) => company.id === id));
  const names = new Map(named.map((company) => [company.id, company.name]));
  if (missingNames.length > 0) {
    const rows = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, missingNames));
    for (const row of rows) names.set(row.id, row.name);
  }

  const list = [...byCompany.values()].map((entry) => ({
    ...entry,
    company_name: names.get(entry.company_id) ?? 'Unknown company',
    balance_minor: entry.spend_minor - entry.paid_minor,
    ads: entry.ads.sort((a, b) => b.spend_minor - a.spend_minor || a.title.localeCompare(b.title)),
  }));
  list.sort((a, b) => b.spend_minor - a.spend_minor || a.company_name.localeCompare(b.company_name));
  const totals = list.reduce(
    (sum, entry) => ({
      plays: sum.plays + entry.plays,
      spend_minor: sum.spend_minor + entry.spend_minor,
      paid_minor: sum.paid_minor + entry.paid_minor,
      balance_minor: sum.balance_minor + entry.balance_minor,
    }),
    { plays: 0, spend_minor: 0, paid_minor: 0, balance_minor: 0 },
  );
  return { from: query.from ?? null, to: query.to ?? null, currency: SPEND_CURRENCY, companies: list, totals };
}
