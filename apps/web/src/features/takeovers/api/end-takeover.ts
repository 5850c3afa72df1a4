import { one } from '@adloop/contract/common';
import { takeoverSchema } from '@adloop/contract/takeovers';
import { TAKEOVER_CHANGES } from '@/features/takeovers/api/get-takeovers';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const takeoverResponseSchema = one(takeoverSchema);

/** Ends a takeover on all its screens; they go back to their loop. */
export async function endTakeover(id: string) {
  const body = await http.post<unknown>(`/api/takeovers/${encodeURIComponent(id)}/end`);
  return takeoverResponseSchema.parse(body).data;
}

export const useEndTakeover = () => useResourceMutation({ mutationFn: endTakeover, changes: TAKEOVER_CHANGES });
