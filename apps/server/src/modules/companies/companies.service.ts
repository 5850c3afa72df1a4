import type { Company, CompanyCreate, CompanyUpdate } from '@adloop/contract/companies';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, adTransactions, companies, companyUsers } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { assertWritableFields } from '../../lib/field-grants.ts';
import { isAdvertiser } from '../../lib/house-content.ts';
import { assertNothingAttached, conflict, notFound } from '../../lib/http-error.ts';
import { type ListQuery, offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { reachesAll, scopedByCompany } from '../../lib/scope.ts';
import { qualified } from '../../lib/sql.ts';

const companyId = qualified(companies, companies.id);
const adsCount = sql<number>`(select count(*)::int from ${ads} where ${qualified(ads, ads.companyId)} = ${companyId})`;
const usersCount = sql<number>`(select count(*)::int from ${companyUsers} where ${qualified(companyUsers, companyUsers.companyId)} = ${companyId})`;
const companyColumns = { company: companies, adsCount, usersCount };

function toCompany(row: { company: typeof companies.$inferSelect; adsCount: number; usersCount: number }): Company {
  const { company } = row;
  return {
    id: company.id,
    name: company.name,
    contact_email: company.contactEmail,
    contact_phone: company.contactPhone,
    is_active: company.isActive,
    ads_count: row.adsCount,
    users_count: row.usersCount,
    created_at: company.createdAt.toISOString(),
    updated_at: company.updatedAt.toISOString(),
  };
}

const SORTABLE = { name: companies.name, created_at: companies.createdAt, updated_at: companies.updatedAt };

export async function listCompanies(
  ctx: ServiceContext,
  query: ListQuery & { is_active?: 'true' | 'false' },
): Promise<Page<Company>> {
  const { db, caller } = ctx;
  // The advertisers: an outlet's house account is the outlet's, not a company to manage (decision 090).
  const where = and(
    isAdvertiser,
    scopedByCompany(caller, companies.id),
    searchOf(query.q, [companies.name, companies.contactEmail]),
    query.is_active ? eq(companies.isActive, query.is_active === 'true') : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(companyColumns)
      .from(companies)
      .where(where)
      .orderBy(...orderByOf(query.sort, SORTABLE, asc(companies.name), companies.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(companies).where(where),
  ]);
  return pageOf(rows.map(toCompany), query, total?.value);
}

async function findCompany(db: Database, where: SQL | undefined): Promise<Company> {
  const [row] = await db.select(companyColumns).from(companies).where(where);
  if (!row) throw notFound('Company');
  return toCompany(row);
}

export function getCompany(ctx: ServiceContext, id: string): Promise<Company> {
  const { db, caller } = ctx;
  return findCompany(db, and(eq(companies.id, id), isAdvertiser, scopedByCompany(caller, companies.id)));
}

/**
 * Names are unique across the platform; only a global admin, who sees every company, is told that
 * another company has the name (decision 040). Others hear that the name is not available.
 */
const duplicateName = (name: string, toPlatform: boolean) =>
  conflict(
    toPlatform
      ? `A company named "${name}" already exists`
      : `The company name "${name}" is not available; choose another`,
  );

export async function createCompany(ctx: ServiceContext, input: CompanyCreate): Promise<Company> {
  const { db, caller } = ctx;
  try {
    const [row] = await db
      .insert(companies)
      .values({ name: input.name, contactEmail: input.contact_email, contactPhone: input.contact_phone })
      .returning({ id: companies.id });
    return await findCompany(db, eq(companies.id, row!.id));
  } catch (error) {
    if (isUniqueViolation(error, 'companies_name_lower_uq')) throw duplicateName(input.name, reachesAll(caller));
    throw error;
  }
}

/** Edits a company; only a global admin switches it on or off (its ads stop or start playing). */
export async function updateCompany(ctx: ServiceContext, id: string, change: CompanyUpdate): Promise<Company> {
  const { db, caller } = ctx;
  const before = await getCompany(ctx, id);
  assertWritableFields(caller.role, 'companies', change);
  try {
    await db
      .update(companies)
      .set({
        name: change.name,
        contactEmail: change.contact_email,
        contactPhone: change.contact_phone,
        isActive: change.is_active,
        updatedAt: sql`now()`,
      })
      .where(eq(companies.id, id));
  } catch (error) {
    if (isUniqueViolation(error, 'companies_name_lower_uq'))
      throw duplicateName(change.name ?? before.name, reachesAll(caller));
    throw error;
  }
  const toggled = change.is_active !== undefined && change.is_active !== before.is_active;
  const affected = toggled
    ? await db
        .select({ id: ads.id })
        .from(ads)
        .where(and(eq(ads.companyId, id), eq(ads.status, 'ACTIVE')))
    : [];
  // Its active ads start or stop playing.
  if (affected.length > 0) await ctx.emit({ type: 'ads.changed', adIds: affected.map((ad) => ad.id) });
  return getCompany(ctx, id);
}

/** Deletes a company that has nothing attached; otherwise 409 saying what, and to deactivate it instead. */
export async function deleteCompany(ctx: ServiceContext, id: string): Promise<void> {
  const { db } = ctx;
  const company = await getCompany(ctx, id);
  const [payments] = await db.select({ value: count() }).from(adTransactions).where(eq(adTransactions.companyId, id));
  assertNothingAttached(
    company.name,
    [
      [company.ads_count, 'ad'],
      [company.users_count, 'user'],
      [payments?.value ?? 0, 'transaction'],
    ],
    'deactivate the company instead of deleting it',
  );
  try {
    await db.delete(companies).where(eq(companies.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(`${company.name} is still in use; deactivate it instead`);
    throw error;
  }
}
