import { inArray, type SQL, sql } from 'drizzle-orm';
import type { screens } from '../../db/schema.ts';
import type { Caller } from '../../lib/context.ts';

/** Outlet staff see their outlets' screens; a global admin sees all (DESIGN §5). */
export function visibleOutlets(caller: Caller, column: typeof screens.outletId): SQL | undefined {
  if (caller.scope === 'all') return undefined;
  return caller.outletIds.length > 0 ? inArray(column, caller.outletIds) : sql`false`;
}
