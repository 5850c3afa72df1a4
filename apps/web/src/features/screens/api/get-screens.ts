import { listOf } from '@adloop/contract/common';
import { screenListQuerySchema, screenSchema } from '@adloop/contract/screens';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type ScreenListQuery = z.output<typeof screenListQuerySchema>;

const screenListSchema = listOf(screenSchema);

/** Every query of the screens feature starts with this key, so a change to a screen refreshes them all. */
export const SCREENS_QUERY_KEY = ['screens'] as const;

/** Online badges stay true to life while the list is open (heartbeats arrive every 60 s). */
export const SCREEN_STATUS_REFRESH_MS = 15_000;

export async function getScreens(query: ScreenListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ad-screens', { query: screenListQuerySchema.parse(query), signal });
  return screenListSchema.parse(body);
}

export function screensQueryOptions(query: ScreenListQuery) {
  return queryOptions({
    queryKey: [...SCREENS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getScreens(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: SCREEN_STATUS_REFRESH_MS,
  });
}

export function useScreens(query: ScreenListQuery) {
  return useQuery(screensQueryOptions(query));
}
