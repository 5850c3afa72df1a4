import { listOf, one, type PageMeta } from '@adloop/contract/common';
import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, type RequestOptions } from '@/lib/http';

/**
 * Every query about a resource starts with its name, so a write that invalidates `all`
 * refreshes every cached view of it: lists, details, option pickers (decision 070).
 */
export function resourceKeys<Name extends string>(name: Name) {
  return {
    all: [name] as const,
    list: (query: unknown) => [name, 'list', query] as const,
    detail: (id: string) => [name, 'detail', id] as const,
    /** A short list for a picker or a filter, e.g. the first 50 companies matching a search. */
    options: (params: unknown) => [name, 'options', params] as const,
  };
}

export type ResourceKeys = ReturnType<typeof resourceKeys>;

/** Option lists are short searches for pickers and filters: 50 at most, refreshed when the resource changes. */
export const OPTIONS_PAGE_SIZE = 50;
const OPTIONS_STALE_MS = 60_000;

type ResourceConfig<
  Entity extends z.ZodType,
  ListQuery extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Created extends z.ZodType,
> = {
  name: string;
  /** The API's base path, e.g. `/api/ad-company`. */
  path: string;
  entity: Entity;
  listQuery: ListQuery;
  create?: Create;
  /** What a create answers when it is more than the entity (a new user's password, a screen's passcode). */
  created?: Created;
  update?: Update;
  /** The path segment that names one row; `id` unless the resource is keyed otherwise (pincodes by code). */
  idOf?: (entity: z.output<Entity>) => string;
  /** Lists and details kept fresh while shown, e.g. screens' online badges. */
  refetchInterval?: number;
  /** Other resources a write to this one changes too, e.g. an outlet adds its pincode. */
  alsoChanges?: readonly ResourceKeys[];
};

/**
 * One resource of the API: its query keys, its fetchers and their query options. Mutations
 * are the generic hooks of `use-resource-mutation.ts`, so every write invalidates the same keys.
 */
export function defineResource<
  Entity extends z.ZodType,
  ListQuery extends z.ZodType,
  Create extends z.ZodType = z.ZodNever,
  Update extends z.ZodType = z.ZodNever,
  Created extends z.ZodType = Entity,
>(config: ResourceConfig<Entity, ListQuery, Create, Update, Created>) {
  type Row = z.output<Entity>;
  type Page = { data: Row[]; meta: PageMeta };
  const keys = resourceKeys(config.name);
  const listSchema = listOf(config.entity);
  const oneSchema = one(config.entity);
  const createdSchema = one(config.created ?? config.entity);
  // zod cannot see through a generic schema's wrapper, so the answers are named here.
  const parsePage = (body: unknown) => listSchema.parse(body) as Page;
  const parseRow = (body: unknown) => (oneSchema.parse(body) as { data: Row }).data;
  const pathOf = (id: string) => `${config.path}/${encodeURIComponent(id)}`;

  const list = async (query: z.output<ListQuery>, signal?: AbortSignal) =>
    parsePage(
      await http.get<unknown>(config.path, {
        query: config.listQuery.parse(query) as RequestOptions['query'],
        signal,
      }),
    );

  const get = async (id: string, signal?: AbortSignal) => parseRow(await http.get<unknown>(pathOf(id), { signal }));

  return {
    keys,
    /** Every key a write to this resource refreshes. */
    changes: [keys.all, ...(config.alsoChanges?.map((other) => other.all) ?? [])] as readonly QueryKey[],
    path: config.path,
    listQuerySchema: config.listQuery,
    idOf: config.idOf ?? ((row: Row) => (row as { id: string }).id),
    pathOf,
    list,
    get,
    listOptions: (query: z.output<ListQuery>) =>
      queryOptions({
        queryKey: keys.list(query),
        queryFn: ({ signal }) => list(query, signal),
        placeholderData: keepPreviousData,
        refetchInterval: config.refetchInterval,
      }),
    detailOptions: (id: string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => get(id, signal),
        refetchInterval: config.refetchInterval,
      }),
    /** The first rows matching a search (and any filters), for a picker or a filter select. */
    pickerOptions: (params: { q: string; sort?: string } & Record<string, string | undefined>, enabled = true) =>
      queryOptions({
        queryKey: keys.options(params),
        queryFn: async ({ signal }) => {
          const query = { ...params, q: params.q || undefined, pageSize: OPTIONS_PAGE_SIZE };
          return parsePage(await http.get<unknown>(config.path, { query, signal })).data;
        },
        placeholderData: keepPreviousData,
        staleTime: OPTIONS_STALE_MS,
        enabled,
      }),
    create: async (input: z.input<Create>) =>
      (
        createdSchema.parse(await http.post<unknown>(config.path, config.create?.parse(input))) as {
          data: z.output<Created>;
        }
      ).data,
    update: async ({ id, changes }: { id: string; changes: z.input<Update> }) =>
      parseRow(await http.patch<unknown>(pathOf(id), config.update?.parse(changes))),
    remove: async (id: string) => {
      await http.delete(pathOf(id));
    },
  };
}

export type Resource = ReturnType<typeof defineResource<z.ZodType, z.ZodType, z.ZodType, z.ZodType, z.ZodType>>;
