import { COMPANY_ROLES, OUTLET_ROLES, type Role } from '@adloop/contract/roles';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companyUsers, outletUsers } from '../../db/schema.ts';

/** The companies and outlets a staff user belongs to: the rows their "own" scope reaches. */
export interface Tenancy {
  role: Role;
  userId: string;
  companyIds: string[];
  outletIds: string[];
}

export async function loadTenancy(db: Database, user: { id: string; role: Role }): Promise<Tenancy> {
  const [companies, outlets] = await Promise.all([
    db.select({ id: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, user.id)),
    db.select({ id: outletUsers.outletId }).from(outletUsers).where(eq(outletUsers.userId, user.id)),
  ]);
  return {
    role: user.role,
    userId: user.id,
    companyIds: companies.map((row) => row.id),
    outletIds: outlets.map((row) => row.id),
  };
}

export const isCompanyRole = (role: string): boolean => (COMPANY_ROLES as readonly string[]).includes(role);
export const isOutletRole = (role: string): boolean => (OUTLET_ROLES as readonly string[]).includes(role);
