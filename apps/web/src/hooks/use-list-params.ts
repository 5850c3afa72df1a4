import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type Changes = Record<string, string | undefined>;

/**
 * A list's page, page size, search, sort and filters, kept in the address bar so that a
 * filtered view can be bookmarked, shared and restored with Back. Any change but paging
 * returns to the first page.
 */
export function useListParams<F extends string>(filterKeys: readonly F[]) {
  const [searchParams, setSearchParams] = useSearchParams();

  const update = useCallback(
    (changes: Changes, { resetPage = true, replace = false } = {}) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (resetPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const keys = filterKeys.join(',');
  return useMemo(() => {
    const read = (key: string) => searchParams.get(key) ?? undefined;
    const filters = Object.fromEntries(keys.split(',').map((key) => [key, read(key)])) as Record<F, string | undefined>;
    const raw: Record<string, string | undefined> = {
      page: read('page'),
      pageSize: read('pageSize'),
      q: read('q'),
      sort: read('sort'),
      ...filters,
    };
    const hasFilters = Boolean(raw.q) || Object.values<string | undefined>(filters).some(Boolean);
    return {
      raw,
      q: raw.q ?? '',
      sort: raw.sort,
      filters,
      hasFilters,
      setPage: (page: number) => update({ page: page > 1 ? String(page) : undefined }, { resetPage: false }),
      setPageSize: (pageSize: number) => update({ pageSize: String(pageSize) }),
      // Typing replaces the history entry, so Back does not step through every keystroke.
      setSearch: (q: string) => update({ q: q.trim() || undefined }, { replace: true }),
      setSort: (sort: string | undefined) => update({ sort }),
      setFilter: (key: F, value: string | undefined) => update({ [key]: value }),
      clear: () => update(Object.fromEntries(['q', ...keys.split(',')].map((key) => [key, undefined]))),
    };
  }, [searchParams, keys, update]);
}

export type ListParams<F extends string> = ReturnType<typeof useListParams<F>>;
