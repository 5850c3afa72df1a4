import { listOf } from '@adloop/contract/common';
import { takeoverListQuerySchema, takeoverSchema } from '@adloop/contract/takeovers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { screenResource } from '@/lib/resources/screens';

export type TakeoverListQuery = z.input<typeof takeoverListQuerySchema>;

const takeoverListSchema = listOf(takeoverSchema);

/** Every query about takeovers starts with this key, so starting or ending one refreshes them all. */
export const TAKEOVERS_QUERY_KEY = ['takeovers'] as const;

/** Starting or ending a takeover refreshes takeovers and the screens the picker offers. */
export const TAKEOVER_CHANGES = [TAKEOVERS_QUERY_KEY, [...screenResource.keys.all, 'takeover-targets']] as const;

/** Live takeovers and their screens' online state stay current while the page is open. */
export const TAKEOVER_REFRESH_MS = 15_000;

export async function getTakeovers(query: TakeoverListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/takeovers', { query: takeoverListQuerySchema.parse(query), signal });
  return takeoverListSchema.parse(body);
}

export function takeoversQueryOptions(query: TakeoverListQuery) {
  return queryOptions({
    queryKey: [...TAKEOVERS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getTakeovers(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: TAKEOVER_REFRESH_MS,
  });
}

export function useTakeovers(query: TakeoverListQuery) {
  return useQuery(takeoversQueryOptions(query));
}
