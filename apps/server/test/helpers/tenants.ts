import { randomBytes } from 'node:crypto';
import type { AdStatus } from '@adloop/contract/ads';
import { scopeOf } from '@adloop/contract/permissions';
import { COMPANY_ROLES, OUTLET_ROLES, ROLES, type Role } from '@adloop/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { pincodes } from '../../src/db/schema.ts';
import { createAd, createCompany, createOutlet, createScreen, createUser, mapUser } from './factories.ts';
import { signedIn } from './sign-in.ts';

/** Tenant A is the caller's; tenant B is the other one, whose rows must stay out of reach. */
export type Tenant = 'A' | 'B';
type PerTenant = Record<Tenant, string>;

export interface Caller {
  role: Role;
  id: string;
  token: string;
}

export type Family = 'company' | 'outlet' | 'platform';
export const familyOf = (role: Role): Family =>
  (COMPANY_ROLES as readonly Role[]).includes(role)
    ? 'company'
    : (OUTLET_ROLES as readonly Role[]).includes(role)
      ? 'outlet'
      : 'platform';

/**
 * Two advertisers and two outlets, each with staff of every role (OWASP's IDOR set-up): the
 * callers belong to tenant A; each resource has one row in A and one in B.
 */
export interface TwoTenants {
  app: FastifyInstance;
  db: Database;
  callers: Record<Role, Caller>;
  companies: PerTenant;
  outlets: PerTenant;
  screens: PerTenant;
  /** A's ad is ACTIVE (it plays on A's screens); B's is a DRAFT (it plays nowhere). */
  ads: PerTenant;
  /** Employees of each tenant: the rows a caller's `own` or `foreign` user is. */
  companyEmployees: PerTenant;
  outletEmployees: PerTenant;
  pincode: string;
}

export async function buildTwoTenants(app: FastifyInstance, db: Database): Promise<TwoTenants> {
  const companies = { A: (await createCompany(db)).id, B: (await createCompany(db)).id };
  const outlets = { A: (await createOutlet(db)).id, B: (await createOutlet(db)).id };
  const screens = { A: (await createScreen(db, outlets.A)).id, B: (await createScreen(db, outlets.B)).id };
  const ads = {
    A: (await createAd(db, companies.A, { status: 'ACTIVE' })).id,
    B: (await createAd(db, companies.B, { status: 'DRAFT' })).id,
  };
  const mappingOf = (role: Role, tenant: Tenant) => {
    const family = familyOf(role);
    if (family === 'company') return { companyId: companies[tenant] };
    return family === 'outlet' ? { outletIds: [outlets[tenant]] } : {};
  };
  const callers = {} as Record<Role, Caller>;
  for (const role of ROLES) callers[role] = { role, ...(await signedIn(app, db, role, mappingOf(role, 'A'))) };
  const employee = async (role: Role, tenant: Tenant) => {
    const user = await createUser(db, { role });
    await mapUser(db, user.id, mappingOf(role, tenant));
    return user.id;
  };
  const pincode = '560001';
  await db.insert(pincodes).values({ code: pincode, city: 'Bengaluru', state: 'Karnataka' });
  return {
    app,
    db,
    callers,
    companies,
    outlets,
    screens,
    ads,
    companyEmployees: { A: callers.COMPANY_EMPLOYEE.id, B: await employee('COMPANY_EMPLOYEE', 'B') },
    outletEmployees: { A: callers.OUTLET_EMPLOYEE.id, B: await employee('OUTLET_EMPLOYEE', 'B') },
    pincode,
  };
}

/** The user row that is the caller's own (themselves, with `self` scope) or the other tenant's. */
export function userRow(world: TwoTenants, caller: Caller, tenant: Tenant): string {
  if (tenant === 'A' && scopeOf(caller.role, 'users', 'read') === 'self') return caller.id;
  return familyOf(caller.role) === 'outlet' ? world.outletEmployees[tenant] : world.companyEmployees[tenant];
}

/** A fresh row of a tenant for a destructive case, so every delete or transition starts alike. */
export const disposable = {
  company: async (world: TwoTenants) => (await createCompany(world.db)).id,
  outlet: async (world: TwoTenants) => (await createOutlet(world.db)).id,
  screen: async (world: TwoTenants, tenant: Tenant) => (await createScreen(world.db, world.outlets[tenant])).id,
  ad: async (world: TwoTenants, tenant: Tenant, status: AdStatus) =>
    (await createAd(world.db, world.companies[tenant], { status })).id,
  pincode: async (world: TwoTenants) => {
    const code = String(100000 + (randomBytes(3).readUIntBE(0, 3) % 899999));
    await world.db.insert(pincodes).values({ code, city: 'Test', state: 'Test' }).onConflictDoNothing();
    return code;
  },
  user: async (world: TwoTenants, caller: Caller, tenant: Tenant) => {
    const role: Role = familyOf(caller.role) === 'outlet' ? 'OUTLET_EMPLOYEE' : 'COMPANY_EMPLOYEE';
    const user = await createUser(world.db, { role });
    await mapUser(
      world.db,
      user.id,
      role === 'OUTLET_EMPLOYEE' ? { outletIds: [world.outlets[tenant]] } : { companyId: world.companies[tenant] },
    );
    return user.id;
  },
};
