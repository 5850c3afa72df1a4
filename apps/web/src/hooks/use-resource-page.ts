import type { PageMeta } from '@adloop/contract/common';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useListParams } from '@/hooks/use-list-params';
import { parseListQuery } from '@/lib/list-query';

type Page<Row> = { data: Row[]; meta: PageMeta };
type ListKey = readonly [string, 'list', unknown];

type ListedResource<Schema extends z.ZodType, Row> = {
  listQuerySchema: Schema;
  listOptions: (query: z.output<Schema>) => UseQueryOptions<Page<Row>, Error, Page<Row>, ListKey>;
};

/**
 * A list page's state: the page, search, sort and filters in the address bar, read through the
 * resource's list query schema, and the query that lists them.
 */
export function useResourcePage<Schema extends z.ZodType, Row, Filter extends string>(
  resource: ListedResource<Schema, Row>,
  filters: readonly Filter[],
) {
  const list = useListParams(filters);
  const query = parseListQuery(resource.listQuerySchema, list.raw);
  const result = useQuery(resource.listOptions(query));
  return { list, query, result };
}
