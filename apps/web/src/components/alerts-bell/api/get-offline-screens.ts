import { offlineScreensResponseSchema } from '@adloop/contract/screen-connection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERTS_REFRESH_MS } from '@/components/alerts-bell/api/get-alerts';
import { http } from '@/lib/http';

/**
 * The caller's screens offline now, alerted or not yet, with the counts the bell's sentence is
 * made of (GET /api/alerts/offline-screens, decision 092): the home page shows the same.
 */
export async function getOfflineScreens(signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/alerts/offline-screens', { signal });
  return offlineScreensResponseSchema.parse(body).data;
}

export function offlineScreensQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['alerts', 'offline-screens'],
    queryFn: ({ signal }) => getOfflineScreens(signal),
    refetchInterval: ALERTS_REFRESH_MS,
    enabled,
  });
}

export function useOfflineScreens(enabled: boolean) {
  return useQuery(offlineScreensQueryOptions(enabled));
}
