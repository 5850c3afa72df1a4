import { one } from '@adloop/contract/common';
import { screenshotStateSchema } from '@adloop/contract/screenshots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { screenResource } from '@/lib/resources/screens';

const stateResponseSchema = one(screenshotStateSchema);

/** While a screenshot is awaited, the latest one is asked for this often. */
export const SCREENSHOT_POLL_MS = 1_000;

export function screenScreenshotQueryKey(screenId: string) {
  return [...screenResource.keys.all, 'screenshot', screenId] as const;
}

export async function getScreenScreenshot(screenId: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/ad-screens/${encodeURIComponent(screenId)}/screenshot`, { signal });
  return stateResponseSchema.parse(body).data;
}

export function screenScreenshotQueryOptions(screenId: string, polling: boolean) {
  return queryOptions({
    queryKey: screenScreenshotQueryKey(screenId),
    queryFn: ({ signal }) => getScreenScreenshot(screenId, signal),
    refetchInterval: polling ? SCREENSHOT_POLL_MS : false,
  });
}

/** The screen's latest screenshot and what it showed; polled while `polling` (a request is awaited). */
export function useScreenScreenshot(screenId: string, polling: boolean) {
  return useQuery(screenScreenshotQueryOptions(screenId, polling));
}
