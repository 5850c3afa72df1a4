import { one } from '@adloop/contract/common';
import { takeoverSchema } from '@adloop/contract/takeovers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TAKEOVERS_QUERY_KEY } from '@/features/takeovers/api/get-takeovers';
import { http } from '@/lib/http';

const takeoverResponseSchema = one(takeoverSchema);

/** Ends a takeover on all its screens; they go back to their loop. */
export async function endTakeover(id: string) {
  const body = await http.post<unknown>(`/api/takeovers/${encodeURIComponent(id)}/end`);
  return takeoverResponseSchema.parse(body).data;
}

export function useEndTakeover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endTakeover,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TAKEOVERS_QUERY_KEY }),
  });
}
