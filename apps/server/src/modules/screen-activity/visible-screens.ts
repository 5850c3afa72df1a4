import type { Scope } from '@adloop/contract/permissions';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { screens } from '../../db/schema.ts';
import type { Tenancy } from '../tenancy/tenancy.service.ts';

/** Outlet staff see their outlets' screens; a global admin sees all (DESIGN §5). */
export function visibleOutlets(tenancy: Tenancy, scope: Scope, column: typeof screens.outletId): SQL | undefined {
  if (scope === 'all') return undefined;
  return tenancy.outletIds.length > 0 ? inArray(column, tenancy.outletIds) : sql`false`;
}
