import { one } from '@adloop/contract/common';
import { type TakeoverStart, takeoverSchema, takeoverStartSchema } from '@adloop/contract/takeovers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TAKEOVERS_QUERY_KEY } from '@/features/takeovers/api/get-takeovers';
import { http } from '@/lib/http';

const takeoverResponseSchema = one(takeoverSchema);

/** Puts the message or ad on the chosen screens at once; they hear of it over their event stream. */
export async function startTakeover(takeover: TakeoverStart) {
  const body = await http.post<unknown>('/api/takeovers', takeoverStartSchema.parse(takeover));
  return takeoverResponseSchema.parse(body).data;
}

export function useStartTakeover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTakeover,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TAKEOVERS_QUERY_KEY }),
  });
}
