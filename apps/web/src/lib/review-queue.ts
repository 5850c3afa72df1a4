import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The review queue's length stays current while a reviewer works elsewhere in the dashboard. */
const QUEUE_COUNT_REFRESH_MS = 60_000;

/** Under the ads' key, so every write to an ad (an approval, a new edit) refreshes it (decision 070). */
export const reviewQueueCountKey = ['ads', 'review-queue', 'count'] as const;

/**
 * How many ads wait for review, new ads and edits of live ads alike (decision 091): the total of
 * the queue's list, read by hand so the sidebar's code needs none of the ads' schemas.
 */
async function getReviewQueueCount(signal: AbortSignal): Promise<number> {
  const body = await http.get<{ meta?: { total?: unknown } }>('/api/ads', {
    query: { awaiting_review: 'true', pageSize: 1 },
    signal,
  });
  const total = body?.meta?.total;
  return typeof total === 'number' ? total : 0;
}

export function useReviewQueueCount() {
  return useQuery({
    queryKey: reviewQueueCountKey,
    queryFn: ({ signal }) => getReviewQueueCount(signal),
    refetchInterval: QUEUE_COUNT_REFRESH_MS,
  });
}
