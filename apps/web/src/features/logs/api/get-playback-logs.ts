import { archivedPlayMonthSchema, playbackLogRowSchema } from '@adloop/contract/reports';
import { playbackLogQuerySchema } from '@adloop/contract/screen';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';

/** The filters of the log page: instants (ISO 8601) and ids, as the API takes them. */
export type PlaybackLogFilters = {
  from?: string;
  to?: string;
  company_id?: string;
  outlet_id?: string;
  screen_id?: string;
  ad_id?: string;
};

const PAGE_SIZE = 50;

const playbackLogPageSchema = z.object({
  data: z.array(playbackLogRowSchema),
  // The archived months the period reaches (decision 097); absent from a server older than that.
  meta: z.object({ nextCursor: z.string().nullable(), archived: z.array(archivedPlayMonthSchema).default([]) }),
});

export const PLAYBACK_LOGS_QUERY_KEY = ['playback-logs'] as const;

export async function getPlaybackLogs(filters: PlaybackLogFilters, cursor: string | undefined, signal?: AbortSignal) {
  const query = playbackLogQuerySchema.parse({ ...filters, limit: PAGE_SIZE, cursor });
  const body = await http.get<unknown>('/api/playback-logs', { query, signal });
  return playbackLogPageSchema.parse(body);
}

/** Newest plays first, a page per cursor, so a log of millions of rows never counts or skips. */
export function playbackLogsQueryOptions(filters: PlaybackLogFilters) {
  return infiniteQueryOptions({
    queryKey: [...PLAYBACK_LOGS_QUERY_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) => getPlaybackLogs(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePlaybackLogs(filters: PlaybackLogFilters) {
  return useInfiniteQuery(playbackLogsQueryOptions(filters));
}
