import { type AnalyticsQuery, analyticsOverviewSchema, analyticsQuerySchema } from '@adloop/contract/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const ANALYTICS_QUERY_KEY = ['analytics'] as const;

/** Plays over time and by slice, uptime and money for a range, already scoped to the caller's role. */
export async function getAnalyticsOverview(query: AnalyticsQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/analytics/overview', { query: analyticsQuerySchema.parse(query), signal });
  return analyticsOverviewSchema.parse(body).data;
}

export function analyticsOverviewQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'overview', query],
    queryFn: ({ signal }) => getAnalyticsOverview(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsOverview(query: AnalyticsQuery) {
  return useQuery(analyticsOverviewQueryOptions(query));
}
