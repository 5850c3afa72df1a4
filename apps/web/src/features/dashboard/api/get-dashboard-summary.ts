import { one } from '@adloop/contract/common';
import { dashboardSummarySchema } from '@adloop/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const summaryResponseSchema = one(dashboardSummarySchema);

/** The home page stays current while it is open: screens drop off and ads arrive for review. */
const SUMMARY_REFRESH_MS = 30_000;

export async function getDashboardSummary(signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/dashboard/summary', { signal });
  return summaryResponseSchema.parse(body).data;
}

export function dashboardSummaryQueryOptions(enabled = true) {
  return queryOptions({
    enabled,
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) => getDashboardSummary(signal),
    refetchInterval: SUMMARY_REFRESH_MS,
    // Coming back to the home page after a change elsewhere shows it at once.
    refetchOnMount: 'always',
  });
}

export function useDashboardSummary(enabled = true) {
  return useQuery(dashboardSummaryQueryOptions(enabled));
}
