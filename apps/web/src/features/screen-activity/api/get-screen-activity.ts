import { screenActivityQuerySchema, screenActivityRowSchema } from '@adloop/contract/reports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SCREEN_ACTIVITY_QUERY_KEY } from '@/features/screen-activity/api/get-screen-status';
import { http } from '@/lib/http';

const PAGE_SIZE = 25;

const screenActivityPageSchema = z.object({
  data: z.array(screenActivityRowSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});

/** When one screen was first seen, went offline and came back, newest first, a page per cursor. */
export async function getScreenActivity(screenId: string, cursor: string | undefined, signal?: AbortSignal) {
  const query = screenActivityQuerySchema.parse({ screen_id: screenId, limit: PAGE_SIZE, cursor });
  const body = await http.get<unknown>('/api/screen-activity', { query, signal });
  return screenActivityPageSchema.parse(body);
}

export function screenActivityQueryOptions(screenId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: [...SCREEN_ACTIVITY_QUERY_KEY, 'timeline', screenId],
    queryFn: ({ pageParam, signal }) => getScreenActivity(screenId ?? '', pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
    enabled: Boolean(screenId),
  });
}

export function useScreenActivity(screenId: string | undefined) {
  return useInfiniteQuery(screenActivityQueryOptions(screenId));
}
