import { one } from '@adloop/contract/common';
import { dashboardSummarySchema } from '@adloop/contract/dashboard';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const summaryResponseSchema = one(dashboardSummarySchema);

/** The home page stays current while it is open: screens drop off and ads arrive for review. */
const SUMMARY_REFRESH_MS = 30_000;

/** A summary fetched this recently is not fetched again when the page mounts: it was the prefetch below. */
const JUST_FETCHED_MS = 2_000;

const summaryKey = ['dashboard', 'summary'] as const;

export async function getDashboardSummary(signal?: AbortSignal, silent = false) {
  const body = await http.get<unknown>('/api/dashboard/summary', { signal, silent });
  return summaryResponseSchema.parse(body).data;
}

/**
 * Started beside the session check when the dashboard's document is opened on its home, so the
 * home's numbers do not wait for the check to finish first (decision 091). Silent: a session that
 * has ended is the check's to report, and the page asks again, aloud, if this failed.
 */
export function prefetchDashboardSummary(queryClient: QueryClient) {
  return queryClient.prefetchQuery({
    queryKey: summaryKey,
    queryFn: ({ signal }) => getDashboardSummary(signal, true),
  });
}

export function dashboardSummaryQueryOptions(enabled = true) {
  return queryOptions({
    enabled,
    queryKey: summaryKey,
    queryFn: ({ signal }) => getDashboardSummary(signal),
    refetchInterval: SUMMARY_REFRESH_MS,
    // Coming back to the home page after a change elsewhere shows it at once.
    refetchOnMount: (query) => (Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS ? 'always' : false),
  });
}

export function useDashboardSummary(enabled = true) {
  return useQuery(dashboardSummaryQueryOptions(enabled));
}
