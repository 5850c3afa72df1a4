import { screenStatusSchema } from '@adloop/contract/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type ScreenStatus = z.infer<typeof screenStatusSchema>['data'][number];

export const SCREEN_ACTIVITY_QUERY_KEY = ['screen-activity'] as const;
const REFRESH_MS = 30_000;

/** Every screen the caller may see, online or offline now and since when. */
export async function getScreenStatus(signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/screen-activity/status', { signal });
  return screenStatusSchema.parse(body).data;
}

export function screenStatusQueryOptions() {
  return queryOptions({
    queryKey: [...SCREEN_ACTIVITY_QUERY_KEY, 'status'],
    queryFn: ({ signal }) => getScreenStatus(signal),
    // Heartbeats come every 60 s; a status older than half of that would mislead.
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS,
  });
}

export function useScreenStatus() {
  return useQuery(screenStatusQueryOptions());
}
