import type { Role } from '@adloop/contract/roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies, companyUsers, outlets, outletUsers } from '../../db/schema.ts';
import { isCompanyRole, isOutletRole, type ServiceContext } from '../../lib/context.ts';
import { fieldError, notFound } from '../../lib/http-error.ts';
import { reachesAll, scopedByCompany, scopedByOutlet } from '../../lib/scope.ts';

/** The companies and outlets a user belongs to. */
export interface Memberships {
  companyIds: string[];
  outletIds: string[];
}

export const NO_MEMBERSHIPS: Memberships = { companyIds: [], outletIds: [] };

async function assertCompanyReachable(ctx: ServiceContext, companyId: string) {
  const { db, caller } = ctx;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), scopedByCompany(caller, companies.id)));
  if (!company) throw notFound('Company');
}

async function assertOutletsReachable(ctx: ServiceContext, outletIds: string[]) {
  const { db, caller } = ctx;
  if (outletIds.length === 0) return;
  const found = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(inArray(outlets.id, outletIds), scopedByOutlet(caller, outlets.id)));
  if (outletIds.some((id) => !found.some((outlet) => outlet.id === id))) throw notFound('Outlet');
}

/**
 * The memberships a user with `role` ends up with (docs/design.md §5): a company role belongs to
 * exactly one company, an outlet role to one or more outlets, a global admin to neither.
 * Callers with `own` scope only name companies or outlets of their own, and an outlet admin's
 * change leaves the user's other outlets alone.
 */
export async function resolveMemberships(
  ctx: ServiceContext,
  role: Role,
  requested: { company_id?: string; outlet_ids?: string[] },
  current: Memberships,
): Promise<Memberships> {
  const { caller } = ctx;
  if (isCompanyRole(role)) {
    if (requested.outlet_ids?.length) throw fieldError('outlet_ids', 'Only outlet roles belong to outlets');
    const onlyOwn = !reachesAll(caller) && caller.companyIds.length === 1 ? caller.companyIds[0] : undefined;
    const companyId = requested.company_id ?? (current.companyIds.length === 1 ? current.companyIds[0] : onlyOwn);
    if (!companyId) throw fieldError('company_id', 'A company role belongs to one company; choose it');
    await assertCompanyReachable(ctx, companyId);
    return { companyIds: [companyId], outletIds: [] };
  }
  if (isOutletRole(role)) {
    if (requested.company_id) throw fieldError('company_id', 'Only company roles belong to a company');
    let outletIds = current.outletIds;
    if (requested.outlet_ids) {
      const chosen = [...new Set(requested.outlet_ids)];
      await assertOutletsReachable(ctx, chosen);
      const untouched = reachesAll(caller) ? [] : current.outletIds.filter((id) => !caller.outletIds.includes(id));
      outletIds = [...new Set([...untouched, ...chosen])];
    }
    if (outletIds.length === 0) throw fieldError('outlet_ids', 'An outlet role needs at least one outlet');
    return { companyIds: [], outletIds };
  }
  if (requested.company_id) throw fieldError('company_id', `A ${role} user belongs to no company`);
  if (requested.outlet_ids?.length) throw fieldError('outlet_ids', `A ${role} user belongs to no outlet`);
  return NO_MEMBERSHIPS;
}

/** Writes the difference between a user's current and wanted memberships. */
export async function applyMemberships(
  db: Database,
  userId: string,
  wanted: Memberships,
  current: Memberships,
): Promise<void> {
  const removedCompanies = current.companyIds.filter((id) => !wanted.companyIds.includes(id));
  const addedCompanies = wanted.companyIds.filter((id) => !current.companyIds.includes(id));
  const removedOutlets = current.outletIds.filter((id) => !wanted.outletIds.includes(id));
  const addedOutlets = wanted.outletIds.filter((id) => !current.outletIds.includes(id));
  if (removedCompanies.length > 0) {
    await db
      .delete(companyUsers)
      .where(and(eq(companyUsers.userId, userId), inArray(companyUsers.companyId, removedCompanies)));
  }
  if (addedCompanies.length > 0) {
    await db
      .insert(companyUsers)
      .values(addedCompanies.map((companyId) => ({ companyId, userId })))
      .onConflictDoNothing();
  }
  if (removedOutlets.length > 0) {
    await db
      .delete(outletUsers)
      .where(and(eq(outletUsers.userId, userId), inArray(outletUsers.outletId, removedOutlets)));
  }
  if (addedOutlets.length > 0) {
    await db
      .insert(outletUsers)
      .values(addedOutlets.map((outletId) => ({ outletId, userId })))
      .onConflictDoNothing();
  }
}

export async function currentMemberships(db: Database, userId: string): Promise<Memberships> {
  const [companyRows, outletRows] = await Promise.all([
    db.select({ id: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, userId)),
    db.select({ id: outletUsers.outletId }).from(outletUsers).where(eq(outletUsers.userId, userId)),
  ]);
  return { companyIds: companyRows.map((row) => row.id), outletIds: outletRows.map((row) => row.id) };
}

export interface MembershipNames {
  companies: Array<{ id: string; name: string }>;
  outlets: Array<{ id: string; name: string; outlet_code: string }>;
}

/**
 * The named memberships of a page of users. With `own` scope a caller sees only the companies
 * and outlets they belong to themselves, never a foreign tenant's name.
 */
export async function membershipNames(ctx: ServiceContext, userIds: string[]): Promise<Map<string, MembershipNames>> {
  const { db, caller } = ctx;
  const byUser = new Map<string, MembershipNames>(userIds.map((id) => [id, { companies: [], outlets: [] }]));
  if (userIds.length === 0) return byUser;
  const [companyRows, outletRows] = await Promise.all([
    db
      .select({ userId: companyUsers.userId, id: companies.id, name: companies.name })
      .from(companyUsers)
      .innerJoin(companies, eq(companies.id, companyUsers.companyId))
      .where(and(inArray(companyUsers.userId, userIds), scopedByCompany(caller, companyUsers.companyId)))
      .orderBy(companies.name),
    db
      .select({ userId: outletUsers.userId, id: outlets.id, name: outlets.name, outletCode: outlets.outletCode })
      .from(outletUsers)
      .innerJoin(outlets, eq(outlets.id, outletUsers.outletId))
      .where(and(inArray(outletUsers.userId, userIds), scopedByOutlet(caller, outletUsers.outletId)))
      .orderBy(outlets.name),
  ]);
  for (const row of companyRows) byUser.get(row.userId)?.companies.push({ id: row.id, name: row.name });
  for (const row of outletRows) {
    byUser.get(row.userId)?.outlets.push({ id: row.id, name: row.name, outlet_code: row.outletCode });
  }
  return byUser;
}
