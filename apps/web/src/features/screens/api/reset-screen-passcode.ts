import { one } from '@adloop/contract/common';
import { screenWithPasscodeSchema } from '@adloop/contract/screens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { screenQueryKey } from '@/features/screens/api/get-screen';
import { SCREENS_QUERY_KEY } from '@/features/screens/api/get-screens';
import { http } from '@/lib/http';

const resetSchema = one(screenWithPasscodeSchema);

/** A new passcode: the screen's sessions end and a lock after failed attempts is lifted. */
export async function resetScreenPasscode(id: string) {
  const body = await http.post<unknown>(`/api/ad-screens/${encodeURIComponent(id)}/reset-passcode`);
  return resetSchema.parse(body).data;
}

export function useResetScreenPasscode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetScreenPasscode,
    onSuccess: async ({ screen }) => {
      queryClient.setQueryData(screenQueryKey(screen.id), screen);
      await queryClient.invalidateQueries({ queryKey: SCREENS_QUERY_KEY });
    },
  });
}
