import type { AdTransaction } from '@adloop/contract/billing';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { ads, adTransactions, companies } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isAdvertiser } from '../../lib/house-content.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { scopedByCompany } from '../../lib/scope.ts';

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

function periodOf(from?: string, to?: string): SQL | undefined {
  return and(
    from ? gte(adTransactions.transactedAt, new Date(`${from}T00:00:00Z`)) : undefined,
    to ? lt(adTransactions.transactedAt, nextDay(to)) : undefined,
  );
}

const SORTS = {
  transacted_at: adTransactions.transactedAt,
  amount_minor: adTransactions.amountMinor,
  status: adTransactions.status,
  created_at: adTransactions.createdAt,
} as const;

const selection = {
  transaction: adTransactions,
  companyName: companies.name,
  adTitle: ads.title,
};

function toTransaction(row: {
  transaction: typeof adTransactions.$inferSelect;
  companyName: string;
  adTitle: string | null;
}): AdTransaction {
  const t = row.transaction;
  return {
    id: t.id,
    company: { id: t.companyId, name: row.companyName },
    ad: t.adId && row.adTitle !== null ? { id: t.adId, title: row.adTitle } : null,
    amount_minor: t.amountMinor,
    currency: t.currency,
    method: t.method as AdTransaction['method'],
    reference: t.reference,
    status: t.status,
    transacted_at: t.transactedAt.toISOString(),
    created_at: t.createdAt.toISOString(),
  };
}

export async function listTransactions(
  ctx: ServiceContext,
  query: {
    page: number;
    pageSize: number;
    q?: string;
    sort?: string;
    company_id?: string;
    status?: AdTransaction['status'];
    from?: string;
    to?: string;
  },
) {
  const { db, caller } = ctx;
  const sortKey = (query.sort ?? '-transacted_at').replace(/^-/, '');
  const column = Object.hasOwn(SORTS, sortKey) ? SORTS[sortKey as keyof typeof SORTS] : undefined;
  if (!column)
    throw badRequest(`Cannot sort by ${sortKey}`, [
      { path: 'sort', message: `must be one of ${Object.keys(SORTS).join(', ')}` },
    ]);
  const where = and(
    scopedByCompany(caller, adTransactions.companyId),
    query.company_id ? eq(adTransactions.companyId, query.company_id) : undefined,
    query.status ? eq(adTransactions.status, query.status) : undefined,
    query.q
      ? sql`(${adTransactions.reference} ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`} or ${companies.name} ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`})`
      : undefined,
    periodOf(query.from, query.to),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(adTransactions)
      .innerJoin(companies, eq(companies.id, adTransactions.companyId))
      .leftJoin(ads, eq(ads.id, adTransactions.adId))
      .where(where)
      .orderBy(query.sort?.startsWith('-') === false ? asc(column) : desc(column), desc(adTransactions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(adTransactions)
      .innerJoin(companies, eq(companies.id, adTransactions.companyId))
      .where(where),
  ]);
  return {
    data: rows.map(toTransaction),
    meta: { page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 },
  };
}

export async function getTransaction(ctx: ServiceContext, id: string): Promise<AdTransaction> {
  const { db, caller } = ctx;
  const [row] = await db
    .select(selection)
    .from(adTransactions)
    .innerJoin(companies, eq(companies.id, adTransactions.companyId))
    .leftJoin(ads, eq(ads.id, adTransactions.adId))
    .where(and(eq(adTransactions.id, id), scopedByCompany(caller, adTransactions.companyId)));
  if (!row) throw notFound('Ad transaction');
  return toTransaction(row);
}

export async function createTransaction(
  ctx: ServiceContext,
  input: {
    company_id: string;
    ad_id?: string | null;
    amount_minor: number;
    currency: string;
    method: AdTransaction['method'];
    reference?: string | null;
    status: AdTransaction['status'];
    transacted_at: string;
  },
): Promise<AdTransaction> {
  const { db, caller } = ctx;
  const createdBy = caller.userId;
  // An outlet's house account is never billed (decision 090): it is no advertiser to take money from.
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, input.company_id), isAdvertiser));
  if (!company) throw badRequest('Unknown company', [{ path: 'company_id', message: 'is not a known company' }]);
  if (input.ad_id) {
    const [ad] = await db.select({ companyId: ads.companyId }).from(ads).where(eq(ads.id, input.ad_id));
    if (!ad) throw badRequest('Unknown ad', [{ path: 'ad_id', message: 'is not a known ad' }]);
    if (ad.companyId !== input.company_id) {
      throw badRequest("The ad is not this company's", [{ path: 'ad_id', message: 'belongs to another company' }]);
    }
  }
  const [row] = await db
    .insert(adTransactions)
    .values({
      companyId: input.company_id,
      adId: input.ad_id ?? null,
      amountMinor: input.amount_minor,
      currency: input.currency,
      method: input.method,
      reference: input.reference ?? null,
      status: input.status,
      transactedAt: new Date(input.transacted_at),
      createdBy,
    })
    .returning({ id: adTransactions.id });
  return getTransaction(ctx, row!.id);
}

export async function updateTransaction(
  ctx: ServiceContext,
  id: string,
  change: { status: AdTransaction['status']; reference?: string | null },
): Promise<AdTransaction> {
  const { db } = ctx;
  await getTransaction(ctx, id);
  await db
    .update(adTransactions)
    .set({ status: change.status, ...(change.reference !== undefined ? { reference: change.reference } : {}) })
    .where(eq(adTransactions.id, id));
  return getTransaction(ctx, id);
}

/** Totals per company and currency over a period, by status, in minor units. */
export async function transactionTotals(
  ctx: ServiceContext,
  query: { company_id?: string; from?: string; to?: string },
) {
  const { db, caller } = ctx;
  const sumWhere = (status: string) =>
    sql<number>`coalesce(sum(${adTransactions.amountMinor}) filter (where ${adTransactions.status} = ${status}), 0)::bigint`;
  const rows = await db
    .select({
      companyId: adTransactions.companyId,
      companyName: companies.name,
      currency: adTransactions.currency,
      completed: sumWhere('COMPLETED'),
      pending: sumWhere('PENDING'),
      refunded: sumWhere('REFUNDED'),
      failed: sumWhere('FAILED'),
      count: sql<number>`count(*)::int`,
    })
    .from(adTransactions)
    .innerJoin(companies, eq(companies.id, adTransactions.companyId))
    .where(
      and(
        scopedByCompany(caller, adTransactions.companyId),
        query.company_id ? eq(adTransactions.companyId, query.company_id) : undefined,
        periodOf(query.from, query.to),
      ),
    )
    .groupBy(adTransactions.companyId, companies.name, adTransactions.currency)
    .orderBy(companies.name, adTransactions.currency);
  return rows.map((row) => ({
    company_id: row.companyId,
    company_name: row.companyName,
    currency: row.currency,
    completed_minor: Number(row.completed),
    pending_minor: Number(row.pending),
    refunded_minor: Number(row.refunded),
    failed_minor: Number(row.failed),
    count: row.count,
  }));
}
