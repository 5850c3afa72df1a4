import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { noResponseError, toApiError, toastApiError } from '@/lib/http';
import { readUserToken } from '@/lib/user-token';

/**
 * The JPEG itself, read as bytes: the HTTP client reads JSON only, so this fetch sends the staff
 * token itself and reports a failure through the client's toast.
 */
export async function getScreenshotImage(screenId: string, signal?: AbortSignal): Promise<Blob> {
  const token = readUserToken();
  let response: Response;
  try {
    response = await fetch(`/api/ad-screens/${encodeURIComponent(screenId)}/screenshot/image`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = noResponseError();
    toastApiError(error);
    throw error;
  }
  if (!response.ok) {
    const error = toApiError(
      response.status,
      await response.json().catch(() => null),
      response.headers.get('retry-after'),
    );
    toastApiError(error);
    throw error;
  }
  return response.blob();
}

/** Keyed by when the picture was taken: each is fetched once; the last one stays shown while the next loads. */
export function screenshotImageQueryOptions(screenId: string, takenAt: string | undefined) {
  return queryOptions({
    queryKey: ['screen-screenshot-image', screenId, takenAt] as const,
    queryFn: ({ signal }) => getScreenshotImage(screenId, signal),
    enabled: takenAt !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useScreenshotImage(screenId: string, takenAt: string | undefined) {
  return useQuery(screenshotImageQueryOptions(screenId, takenAt));
}
