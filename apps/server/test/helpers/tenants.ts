import { randomBytes } from 'node:crypto';
import type { AdStatus } from '@adloop/contract/ads';
import { type Resource, scopeOf } from '@adloop/contract/permissions';
import { COMPANY_ROLES, OUTLET_ROLES, ROLES, type Role } from '@adloop/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { pincodes } from '../../src/db/schema.ts';
import {
  createAd,
  createAdTransaction,
  createBookedCampaign,
  createCampaign,
  createCompany,
  createHouseAd,
  createOutlet,
  createRateCard,
  createScreen,
  createScreenPayout,
  createTakeover,
  createUser,
  mapUser,
} from './factories.ts';
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

/** Whose a new row is: a tenant's company and outlet. */
export interface Owner {
  db: Database;
  tenant: Tenant;
  companyId: string;
  outletId: string;
}

/**
 * How the tests reach the rows of one resource of the permission table: where they are, how to
 * make one (a factory of factories.ts), and for a resource with the usual routes of
 * `resourceRoutes` what the permission test sends to create and edit one.
 */
export interface ResourceRows {
  /** Its rows are at `${base}/{id}` (`{code}` when `key` says so). */
  base: string;
  key?: 'code';
  /** A new row of the owner's, straight into the database; its key. */
  make(owner: Owner): Promise<string>;
  /** Its usual list, one, create, update and delete routes: a valid body of each write. */
  usual?: {
    /** `tenanted` when the body names the owner's rows: it is then sent as each tenant. */
    create: { tenanted: boolean; body(owner: Owner, caller: Caller): object };
    update: object;
  };
  /** Rows of no tenant (pincodes): its cases run once, as tenant A. */
  shared?: true;
  /** The row a caller reaches as its own (A) or not (B), when it depends on the caller (users). */
  rowFor?(world: TwoTenants, caller: Caller, tenant: Tenant): string;
  freshFor?(world: TwoTenants, caller: Caller, tenant: Tenant): Promise<string>;
}

const unique = () => randomBytes(4).toString('hex');
const randomPincode = () => String(100000 + (randomBytes(3).readUIntBE(0, 3) % 899999));

/**
 * Every resource of the permission table (RESOURCES) and its rows, once: the permission test
 * builds its world, its usual route cases and its lists from this, the fuzz its path ids. A
 * resource added to the table without an entry does not compile, naming it.
 */
export const RESOURCE_ROWS: Record<Resource, ResourceRows | { none: string }> = {
  companies: {
    base: '/api/ad-company',
    make: async ({ db }) => (await createCompany(db)).id,
    usual: {
      create: { tenanted: false, body: () => ({ name: `Co ${unique()}` }) },
      update: { contact_phone: '080 4000 1234' },
    },
  },
  outlets: {
    base: '/api/outlets',
    make: async ({ db }) => (await createOutlet(db)).id,
    usual: {
      create: { tenanted: false, body: () => ({ name: 'Venue', outlet_code: `V-${unique()}` }) },
      update: { address: '1 Main Road' },
    },
  },
  users: {
    base: '/api/users',
    make: async ({ db, companyId }) => {
      const user = await createUser(db, { role: 'COMPANY_EMPLOYEE' });
      await mapUser(db, user.id, { companyId });
      return user.id;
    },
    usual: {
      create: {
        tenanted: true,
        body: (owner, caller) =>
          familyOf(caller.role) === 'outlet'
            ? { name: 'New', email: `${unique()}@x.example`, role: 'OUTLET_EMPLOYEE', outlet_ids: [owner.outletId] }
            : { name: 'New', email: `${unique()}@x.example`, role: 'COMPANY_EMPLOYEE', company_id: owner.companyId },
      },
      update: { name: 'Renamed' },
    },
    rowFor: (world, caller, tenant) => userRow(world, caller, tenant),
    freshFor: (world, caller, tenant) => disposable.user(world, caller, tenant),
  },
  screens: {
    base: '/api/ad-screens',
    make: async ({ db, outletId }) => (await createScreen(db, outletId)).id,
    usual: {
      create: { tenanted: true, body: ({ outletId }) => ({ outlet_id: outletId, screen_code: `S-${unique()}` }) },
      update: { name: 'Renamed' },
    },
  },
  ads: {
    base: '/api/ads',
    // A's ad is ACTIVE (it plays on A's screens); B's is a DRAFT (it plays nowhere).
    make: async ({ db, tenant, companyId }) =>
      (await createAd(db, companyId, { status: tenant === 'A' ? 'ACTIVE' : 'DRAFT' })).id,
    usual: {
      create: {
        tenanted: true,
        // Outlet staff make their outlet's house content (decision 090); everyone else an advertiser's ad.
        body: ({ companyId, outletId }, caller) => ({
          ...(familyOf(caller.role) === 'outlet' ? { outlet_id: outletId } : { company_id: companyId }),
          title: 'New',
          type: 'IMAGE',
          media_url: '/media/x.png',
        }),
      },
      update: { title: 'Renamed' },
    },
    // Outlet staff's own ad is their outlet's house content: A's, not B's, which they never see.
    rowFor: (world, caller, tenant) =>
      familyOf(caller.role) === 'outlet' ? world.houseAds[tenant] : world.ads[tenant],
    freshFor: (world, caller, tenant) => disposable.ad(world, tenant, 'DRAFT', caller),
  },
  adTransactions: {
    base: '/api/ad-transaction',
    make: async ({ db, companyId }) => (await createAdTransaction(db, companyId)).id,
  },
  screenPayouts: {
    base: '/api/screen-payout',
    make: async ({ db, outletId }) => (await createScreenPayout(db, outletId)).id,
  },
  playbackLogs: { none: 'a report: its rows are read in pages, never one by one' },
  analytics: { none: 'a report computed from the plays' },
  screenActivity: { none: "a report of the screens' activity" },
  alerts: { none: 'read in pages; no route names one alert' },
  pincodes: {
    base: '/api/pincode',
    key: 'code',
    make: async ({ db }) => {
      const code = randomPincode();
      await db.insert(pincodes).values({ code, city: 'Test', state: 'Test' }).onConflictDoNothing();
      return code;
    },
    usual: {
      create: { tenanted: false, body: () => ({ code: randomPincode(), city: 'C', state: 'S' }) },
      update: { city: 'Bangalore' },
    },
    shared: true,
  },
  rateCards: {
    base: '/api/rate-cards',
    make: async ({ db }) =>
      (
        await createRateCard(db, {
          effectiveFrom: new Date(Date.now() + 365 * 86_400_000 + randomBytes(2).readUInt16BE(0) * 60_000),
          tiers: { STANDARD: 200, PREMIUM: 300, FLAGSHIP: 400 },
        })
      ).id,
  },
  takeovers: {
    base: '/api/takeovers',
    make: async ({ db, outletId }) => (await createTakeover(db, outletId)).id,
  },
  campaigns: {
    base: '/api/campaigns',
    make: async ({ db, companyId }) => (await createCampaign(db, companyId)).id,
    usual: {
      create: { tenanted: true, body: ({ companyId }) => ({ company_id: companyId, name: 'Diwali week' }) },
      update: { name: 'Renamed' },
    },
  },
  screenCampaigns: {
    base: '/api/screen-campaigns',
    make: async ({ db, companyId, outletId }) => (await createBookedCampaign(db, companyId, outletId)).id,
  },
  profile: { none: "the caller's own, at /api/auth/profile" },
};

/** The resources with rows, and their entries. */
export const resourcesWithRows = () =>
  (Object.entries(RESOURCE_ROWS) as Array<[Resource, ResourceRows | { none: string }]>).filter(
    (entry): entry is [Resource, ResourceRows] => 'base' in entry[1],
  );

/**
 * Two advertisers and two outlets, each with staff of every role (OWASP's IDOR set-up): the
 * callers belong to tenant A; each resource with the usual routes has one row in A and one in B.
 */
export interface TwoTenants {
  app: FastifyInstance;
  db: Database;
  callers: Record<Role, Caller>;
  companies: PerTenant;
  outlets: PerTenant;
  screens: PerTenant;
  ads: PerTenant;
  /** Each tenant outlet's house content (decision 090): A's ACTIVE, B's a DRAFT. */
  houseAds: PerTenant;
  /** Each resource's row of each tenant (RESOURCE_ROWS), the tenants' companies and outlets among them. */
  rows: Partial<Record<Resource, PerTenant>>;
  /** Employees of each tenant: the rows a caller's `own` or `foreign` user is. */
  companyEmployees: PerTenant;
  outletEmployees: PerTenant;
  pincode: string;
}

/** A tenant of the world as the owner of a new row. */
export const ownerOf = (world: Pick<TwoTenants, 'db' | 'companies' | 'outlets'>, tenant: Tenant): Owner => ({
  db: world.db,
  tenant,
  companyId: world.companies[tenant],
  outletId: world.outlets[tenant],
});

export async function buildTwoTenants(app: FastifyInstance, db: Database): Promise<TwoTenants> {
  const companies = { A: (await createCompany(db)).id, B: (await createCompany(db)).id };
  const outlets = { A: (await createOutlet(db)).id, B: (await createOutlet(db)).id };
  // The tenants' own company and outlet are their companies' and outlets' rows.
  const rows: Partial<Record<Resource, PerTenant>> = { companies, outlets };
  for (const [resource, entry] of resourcesWithRows()) {
    // Users' rows are the callers themselves and their colleagues (userRow), made below.
    if (rows[resource] || !entry.usual || resource === 'users') continue;
    const A = await entry.make(ownerOf({ db, companies, outlets }, 'A'));
    rows[resource] = { A, B: entry.shared ? A : await entry.make(ownerOf({ db, companies, outlets }, 'B')) };
  }
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
  return {
    app,
    db,
    callers,
    companies,
    outlets,
    screens: rows.screens!,
    ads: rows.ads!,
    houseAds: {
      A: (await createHouseAd(db, outlets.A, { status: 'ACTIVE' })).id,
      B: (await createHouseAd(db, outlets.B, { status: 'DRAFT' })).id,
    },
    rows,
    companyEmployees: { A: callers.COMPANY_EMPLOYEE.id, B: await employee('COMPANY_EMPLOYEE', 'B') },
    outletEmployees: { A: callers.OUTLET_EMPLOYEE.id, B: await employee('OUTLET_EMPLOYEE', 'B') },
    pincode: rows.pincodes!.A,
  };
}

/** The user row that is the caller's own (themselves, with `self` scope) or the other tenant's. */
export function userRow(world: TwoTenants, caller: Caller, tenant: Tenant): string {
  if (tenant === 'A' && scopeOf(caller.role, 'users', 'read') === 'self') return caller.id;
  return familyOf(caller.role) === 'outlet' ? world.outletEmployees[tenant] : world.companyEmployees[tenant];
}

/**
 * A fresh row of a tenant for a destructive case, so every delete or transition starts alike; an
 * ad of outlet staff's is their outlet's house content (decision 090).
 */
export const disposable = {
  ad: async (world: TwoTenants, tenant: Tenant, status: AdStatus, caller?: Caller) =>
    caller && familyOf(caller.role) === 'outlet'
      ? (await createHouseAd(world.db, world.outlets[tenant], { status })).id
      : (await createAd(world.db, world.companies[tenant], { status })).id,
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
