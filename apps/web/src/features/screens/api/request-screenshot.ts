import { one } from '@adloop/contract/common';
import { screenshotRequestSchema } from '@adloop/contract/screenshots';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

const requestResponseSchema = one(screenshotRequestSchema);

/** Asks the screen for a picture of what it shows now; its answer is newer than `requested_at` (decision 059). */
export async function requestScreenshot(screenId: string) {
  const body = await http.post<unknown>(`/api/ad-screens/${encodeURIComponent(screenId)}/screenshot-requests`);
  return requestResponseSchema.parse(body).data;
}

export function useRequestScreenshot() {
  return useMutation({ mutationFn: requestScreenshot });
}
