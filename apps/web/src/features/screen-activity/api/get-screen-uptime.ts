import { uptimeQuerySchema, uptimeSchema } from '@adloop/contract/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { SCREEN_ACTIVITY_QUERY_KEY } from '@/features/screen-activity/api/get-screen-status';
import { http } from '@/lib/http';

export type UptimeQuery = z.input<typeof uptimeQuerySchema>;
export type ScreenUptime = z.infer<typeof uptimeSchema>['data'][number];

/** Uptime of each screen on each day of its outlet's zone: minutes online over the minutes it existed, to now. */
export async function getScreenUptime(query: UptimeQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/screen-activity/uptime', {
    query: uptimeQuerySchema.parse(query),
    signal,
  });
  return uptimeSchema.parse(body).data;
}

export function screenUptimeQueryOptions(query: UptimeQuery) {
  return queryOptions({
    queryKey: [...SCREEN_ACTIVITY_QUERY_KEY, 'uptime', query],
    queryFn: ({ signal }) => getScreenUptime(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useScreenUptime(query: UptimeQuery) {
  return useQuery(screenUptimeQueryOptions(query));
}
