import { alertListQuerySchema, alertListResponseSchema } from '@adloop/contract/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** How often the bell asks again while the dashboard is open. */
export const ALERTS_REFRESH_MS = 30_000;
const RECENT = 10;

/** The caller's most recent alerts, already scoped to their outlets (GET /api/alerts). */
export async function getRecentAlerts(signal?: AbortSignal) {
  const query = alertListQuerySchema.parse({ limit: RECENT });
  const body = await http.get<unknown>('/api/alerts', { query, signal });
  return alertListResponseSchema.parse(body).data;
}

export function recentAlertsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['alerts', 'recent'],
    queryFn: ({ signal }) => getRecentAlerts(signal),
    refetchInterval: ALERTS_REFRESH_MS,
    enabled,
  });
}

export function useRecentAlerts(enabled: boolean) {
  return useQuery(recentAlertsQueryOptions(enabled));
}
