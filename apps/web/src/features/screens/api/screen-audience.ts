import { type ScreenAudience, type ScreenAudienceInput, screenAudienceSchema } from '@adloop/contract/audience';
import { one } from '@adloop/contract/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '@/lib/http';
import { screenResource } from '@/lib/resources/screens';

const audienceResponseSchema = one(screenAudienceSchema);

export const screenAudienceKey = (screenId: string) => [...screenResource.keys.all, 'audience', screenId] as const;

const audiencePath = (screenId: string) => `/api/inventory/screens/${encodeURIComponent(screenId)}/audience`;

/** `GET …/audience`: the screen's estimate, or null when it has none (the API's 404). */
export async function getScreenAudience(screenId: string, signal?: AbortSignal): Promise<ScreenAudience | null> {
  try {
    return audienceResponseSchema.parse(await http.get<unknown>(audiencePath(screenId), { signal, silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function screenAudienceOptions(screenId: string) {
  return queryOptions({
    queryKey: screenAudienceKey(screenId),
    queryFn: ({ signal }) => getScreenAudience(screenId, signal),
  });
}

export const useScreenAudience = (screenId: string) => useQuery(screenAudienceOptions(screenId));

/** `PUT …/audience`: replaces the estimate; the answer becomes the cached one. */
export async function putScreenAudience({ screenId, body }: { screenId: string; body: ScreenAudienceInput }) {
  return audienceResponseSchema.parse(await http.put<unknown>(audiencePath(screenId), body)).data;
}

export function usePutScreenAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putScreenAudience,
    onSuccess: (audience) => queryClient.setQueryData(screenAudienceKey(audience.screen_id), audience),
  });
}
