import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import { screens } from '../db/schema.ts';
import { type Caller, isCompanyRole, isOutletRole } from './context.ts';
import { notFound } from './http-error.ts';

/*
 * Which rows a caller may see (docs/design.md §5), in one place: the permission matrix says whether a
 * role may act and with which scope (`request.caller.scope`); these say which rows that scope
 * reaches. Each answers a condition for `where` (`undefined`: every row, for scope `all`), so a
 * row outside it answers 404, never 403. Modules never compare `scope` themselves.
 */

/** The caller's scope reaches every row (a global admin's grants). */
export const reachesAll = (caller: Caller): boolean => caller.scope === 'all';

/** Rows of the caller's companies, by the table's company id column. */
export function scopedByCompany(caller: Caller, companyId: Column): SQL | undefined {
  return reachesAll(caller) ? undefined : inArray(companyId, caller.companyIds);
}

/** Rows of the caller's outlets, by the table's outlet id column. */
export function scopedByOutlet(caller: Caller, outletId: Column): SQL | undefined {
  return reachesAll(caller) ? undefined : inArray(outletId, caller.outletIds);
}

/**
 * Rows naming screens (a uuid[] column), at least one of them on the caller's outlets. Screens
 * belong to outlets, so the caller's screens are read from their outlets in the same query.
 */
export function scopedByScreens(caller: Caller, screenIds: Column): SQL | undefined {
  if (reachesAll(caller)) return undefined;
  if (caller.outletIds.length === 0) return sql`false`;
  const own = sql`array(select ${screens.id} from ${screens} where ${inArray(screens.outletId, caller.outletIds)})`;
  return sql`${screenIds} && ${own}`;
}

/**
 * Rows carrying a company and an outlet id (plays, their rollups): company staff reach their
 * companies' rows, outlet staff their outlets'. A table without the caller's column reaches none.
 */
export function scopedByCompanyOrOutlet(
  caller: Caller,
  columns: { companyId?: Column | undefined; outletId?: Column | undefined },
): SQL | undefined {
  const { companyId, outletId } = columns;
  return scopedByTenancy(caller, {
    company: (companyIds) => (companyId ? inArray(companyId, companyIds) : sql`false`),
    outlet: (outletIds) => (outletId ? inArray(outletId, outletIds) : sql`false`),
  });
}

/**
 * Rows of a resource both kinds of tenant read, each its own way: company staff the rows of their
 * companies, outlet staff those of their outlets, and a `self` scope only the caller's own row.
 */
export function scopedByTenancy(
  caller: Caller,
  reach: {
    company: (companyIds: string[]) => SQL | undefined;
    outlet: (outletIds: string[]) => SQL | undefined;
    self?: (userId: string) => SQL;
  },
): SQL | undefined {
  if (reachesAll(caller)) return undefined;
  if (caller.scope === 'self' && reach.self) return reach.self(caller.userId);
  if (isCompanyRole(caller.role)) return reach.company(caller.companyIds);
  if (isOutletRole(caller.role)) return reach.outlet(caller.outletIds);
  return sql`false`;
}

/** A company the caller names is theirs, or it is not found for them (the 404 a foreign row answers). */
export function assertCallersCompany(caller: Caller, companyId: string): void {
  if (!reachesAll(caller) && !caller.companyIds.includes(companyId)) throw notFound('Company');
}

/** An outlet the caller names is theirs, or it is not found for them. */
export function assertCallersOutlet(caller: Caller, outletId: string): void {
  if (!reachesAll(caller) && !caller.outletIds.includes(outletId)) throw notFound('Outlet');
}
