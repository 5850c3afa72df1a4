import { one } from '@adloop/contract/common';
import { type TakeoverStart, takeoverSchema, takeoverStartSchema } from '@adloop/contract/takeovers';
import { TAKEOVER_CHANGES } from '@/features/takeovers/api/get-takeovers';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const takeoverResponseSchema = one(takeoverSchema);

/** Puts the message or ad on the chosen screens at once; they hear of it over their event stream. */
export async function startTakeover(takeover: TakeoverStart) {
  const body = await http.post<unknown>('/api/takeovers', takeoverStartSchema.parse(takeover));
  return takeoverResponseSchema.parse(body).data;
}

export const useStartTakeover = () => useResourceMutation({ mutationFn: startTakeover, changes: TAKEOVER_CHANGES });
