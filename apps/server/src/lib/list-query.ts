import { type AnyColumn, asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import { badRequest } from './http-error.ts';

/** page, pageSize, q and sort of every offset-paged list (contract listQueryBase). */
export interface ListQuery {
  page: number;
  pageSize: number;
  q?: string;
  sort?: string;
}

export interface Page<T> {
  data: T[];
  meta: { page: number; pageSize: number; total: number };
}

/**
 * ORDER BY for `sort` (`field` or `-field`) over a whitelist; the tie-breaker keeps pages
 * stable. An unknown field is a 400 naming `sort`, not a silent default.
 */
export function orderByOf(
  sort: string | undefined,
  fields: Record<string, AnyColumn | SQL>,
  fallback: SQL,
  tieBreaker: AnyColumn,
): SQL[] {
  if (!sort) return [fallback, asc(tieBreaker)];
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  const column = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!column) {
    const allowed = Object.keys(fields).join(', ');
    throw badRequest(`Cannot sort by ${name}; sort by one of ${allowed}`, [
      { path: 'sort', message: `must be one of ${allowed}, optionally prefixed by -` },
    ]);
  }
  return [descending ? desc(column) : asc(column), asc(tieBreaker)];
}

/** Case-insensitive "contains" over any of the columns, with LIKE wildcards in q taken literally. */
export function searchOf(q: string | undefined, columns: Array<AnyColumn | SQL>): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

export const offsetOf = (query: ListQuery) => (query.page - 1) * query.pageSize;

export function pageOf<T>(data: T[], query: ListQuery, total: number | undefined): Page<T> {
  return { data, meta: { page: query.page, pageSize: query.pageSize, total: total ?? 0 } };
}
