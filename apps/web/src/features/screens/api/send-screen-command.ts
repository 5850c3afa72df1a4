import { one } from '@adloop/contract/common';
import type { ScreenCommand } from '@adloop/contract/screen-commands';
import { screenCommandSentSchema } from '@adloop/contract/screenshots';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

const sentResponseSchema = one(screenCommandSentSchema);

/** Tells a playing screen to reload, or to clear its caches and reload (decision 059). */
export async function sendScreenCommand({ screenId, command }: { screenId: string; command: ScreenCommand }) {
  const body = await http.post<unknown>(`/api/ad-screens/${encodeURIComponent(screenId)}/commands`, { command });
  return sentResponseSchema.parse(body).data;
}

export function useSendScreenCommand() {
  return useMutation({ mutationFn: sendScreenCommand });
}
