import { toRole } from '@adloop/contract/roles';
import type { CompanyUserMapping, OutletUserMapping } from '@adloop/contract/user-mappings';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies, companyUsers, outlets, outletUsers, users } from '../../db/schema.ts';
import { type Caller, isCompanyRole, isOutletRole, type ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, fieldError, notFound } from '../../lib/http-error.ts';
import { type ListQuery, offsetOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { assertCallersCompany, assertCallersOutlet, scopedByCompany, scopedByOutlet } from '../../lib/scope.ts';
import { visibleUsers } from '../users/users.service.ts';

type UserRow = typeof users.$inferSelect;
const mappedUser = (user: UserRow) => ({ id: user.id, name: user.name, email: user.email, role: toRole(user.role) });

/** Mappings a caller reaches: of users they reach, to companies or outlets they reach. */
const companyMappingsOf = (caller: Caller) =>
  and(visibleUsers(caller), scopedByCompany(caller, companyUsers.companyId));

const outletMappingsOf = (caller: Caller) => and(visibleUsers(caller), scopedByOutlet(caller, outletUsers.outletId));

async function reachableUser(ctx: ServiceContext, userId: string): Promise<UserRow> {
  const { db, caller } = ctx;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), visibleUsers(caller)));
  if (!user) throw notFound('User');
  return user;
}

const companyMappingColumns = {
  mapping: companyUsers,
  company: { id: companies.id, name: companies.name },
  user: users,
};

function toCompanyMapping(row: {
  mapping: typeof companyUsers.$inferSelect;
  company: { id: string; name: string };
  user: UserRow;
}): CompanyUserMapping {
  return {
    id: row.mapping.id,
    company: row.company,
    user: mappedUser(row.user),
    created_at: row.mapping.createdAt.toISOString(),
  };
}

export async function listCompanyMappings(
  ctx: ServiceContext,
  query: ListQuery & { company_id?: string; user_id?: string },
): Promise<Page<CompanyUserMapping>> {
  const { db, caller } = ctx;
  const where = and(
    companyMappingsOf(caller),
    searchOf(query.q, [users.name, users.email, companies.name]),
    query.company_id ? eq(companyUsers.companyId, query.company_id) : undefined,
    query.user_id ? eq(companyUsers.userId, query.user_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(companyMappingColumns)
      .from(companyUsers)
      .innerJoin(companies, eq(companies.id, companyUsers.companyId))
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(where)
      .orderBy(asc(companies.name), asc(users.name), asc(companyUsers.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db
      .select({ value: count() })
      .from(companyUsers)
      .innerJoin(companies, eq(companies.id, companyUsers.companyId))
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(where),
  ]);
  return pageOf(rows.map(toCompanyMapping), query, total?.value);
}

async function findCompanyMapping(db: Database, where: SQL | undefined): Promise<CompanyUserMapping> {
  const [row] = await db
    .select(companyMappingColumns)
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(where);
  if (!row) throw notFound('Company mapping');
  return toCompanyMapping(row);
}

/** Maps a company-role user without a company to one; moving a user between companies is a user edit. */
export async function createCompanyMapping(
  ctx: ServiceContext,
  input: { company_id: string; user_id: string },
): Promise<CompanyUserMapping> {
  const { db, caller } = ctx;
  const user = await reachableUser(ctx, input.user_id);
  assertCallersCompany(caller, input.company_id);
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id));
  if (!company) throw notFound('Company');
  if (!isCompanyRole(user.role)) throw fieldError('user_id', 'Only company-role users belong to a company');
  const [existing] = await db.select().from(companyUsers).where(eq(companyUsers.userId, user.id));
  if (existing) {
    throw conflict(`${user.name} already belongs to a company; to move them, edit the user and change their company`);
  }
  const [row] = await db.insert(companyUsers).values({ companyId: company.id, userId: user.id }).returning();
  return findCompanyMapping(db, eq(companyUsers.id, row!.id));
}

export async function deleteCompanyMapping(ctx: ServiceContext, id: string): Promise<void> {
  const { db, caller } = ctx;
  const mapping = await findCompanyMapping(db, and(eq(companyUsers.id, id), companyMappingsOf(caller)));
  const [user] = await db.select().from(users).where(eq(users.id, mapping.user.id));
  if (user?.isActive && isCompanyRole(user.role)) {
    throw conflict(
      `${user.name} must belong to a company; edit the user to move them to another company, or deactivate them`,
    );
  }
  await db.delete(companyUsers).where(eq(companyUsers.id, id));
}

const outletMappingColumns = {
  mapping: outletUsers,
  outlet: { id: outlets.id, name: outlets.name, outletCode: outlets.outletCode },
  user: users,
};

function toOutletMapping(row: {
  mapping: typeof outletUsers.$inferSelect;
  outlet: { id: string; name: string; outletCode: string };
  user: UserRow;
}): OutletUserMapping {
  return {
    id: row.mapping.id,
    outlet: { id: row.outlet.id, name: row.outlet.name, outlet_code: row.outlet.outletCode },
    user: mappedUser(row.user),
    created_at: row.mapping.createdAt.toISOString(),
  };
}

export async function listOutletMappings(
  ctx: ServiceContext,
  query: ListQuery & { outlet_id?: string; user_id?: string },
): Promise<Page<OutletUserMapping>> {
  const { db, caller } = ctx;
  const where = and(
    outletMappingsOf(caller),
    searchOf(query.q, [users.name, users.email, outlets.name, outlets.outletCode]),
    query.outlet_id ? eq(outletUsers.outletId, query.outlet_id) : undefined,
    query.user_id ? eq(outletUsers.userId, query.user_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(outletMappingColumns)
      .from(outletUsers)
      .innerJoin(outlets, eq(outlets.id, outletUsers.outletId))
      .innerJoin(users, eq(users.id, outletUsers.userId))
      .where(where)
      .orderBy(asc(outlets.name), asc(users.name), asc(outletUsers.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db
      .select({ value: count() })
      .from(outletUsers)
      .innerJoin(outlets, eq(outlets.id, outletUsers.outletId))
      .innerJoin(users, eq(users.id, outletUsers.userId))
      .where(where),
  ]);
  return pageOf(rows.map(toOutletMapping), query, total?.value);
}

async function findOutletMapping(db: Database, where: SQL | undefined): Promise<OutletUserMapping> {
  const [row] = await db
    .select(outletMappingColumns)
    .from(outletUsers)
    .innerJoin(outlets, eq(outlets.id, outletUsers.outletId))
    .innerJoin(users, eq(users.id, outletUsers.userId))
    .where(where);
  if (!row) throw notFound('Outlet mapping');
  return toOutletMapping(row);
}

/** Puts an outlet-role user on one more outlet (staff may work at several). */
export async function createOutletMapping(
  ctx: ServiceContext,
  input: { outlet_id: string; user_id: string },
): Promise<OutletUserMapping> {
  const { db, caller } = ctx;
  const user = await reachableUser(ctx, input.user_id);
  assertCallersOutlet(caller, input.outlet_id);
  const [outlet] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, input.outlet_id));
  if (!outlet) throw notFound('Outlet');
  if (!isOutletRole(user.role)) throw fieldError('user_id', 'Only outlet-role users belong to outlets');
  try {
    const [row] = await db.insert(outletUsers).values({ outletId: outlet.id, userId: user.id }).returning();
    return await findOutletMapping(db, eq(outletUsers.id, row!.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${user.name} already belongs to this outlet`);
    throw error;
  }
}

/** Takes a user off an outlet; an active outlet-role user keeps at least one. */
export async function deleteOutletMapping(ctx: ServiceContext, id: string): Promise<void> {
  const { db, caller } = ctx;
  const mapping = await findOutletMapping(db, and(eq(outletUsers.id, id), outletMappingsOf(caller)));
  const [user] = await db.select().from(users).where(eq(users.id, mapping.user.id));
  const [others] = await db.select({ value: count() }).from(outletUsers).where(eq(outletUsers.userId, mapping.user.id));
  if (user?.isActive && isOutletRole(user.role) && (others?.value ?? 0) <= 1) {
    throw conflict(`${user.name} must belong to at least one outlet; add another first, or deactivate them`);
  }
  await db.delete(outletUsers).where(eq(outletUsers.id, id));
}
