import { one } from '@adloop/contract/common';
import type { PairingClaimBody } from '@adloop/contract/screen-pairing';
import { screenSchema } from '@adloop/contract/screens';
import { http } from '@/lib/http';
import { screenResource } from '@/lib/resources/screens';
import { storeDetail, useResourceMutation } from '@/lib/resources/use-resource-mutation';

const pairedSchema = one(screenSchema);

/** Attaches the display showing `code` to the screen (decision 088); it starts playing on its own. */
export async function pairScreen({ screenId, code }: PairingClaimBody & { screenId: string }) {
  return pairedSchema.parse(await http.post<unknown>(`${screenResource.pathOf(screenId)}/pair`, { code })).data;
}

export function usePairScreen() {
  return useResourceMutation({
    mutationFn: pairScreen,
    changes: screenResource.changes,
    settle: storeDetail(screenResource),
  });
}
