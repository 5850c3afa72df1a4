import { one } from '@adloop/contract/common';
import { type ScreenUpdate, screenSchema, screenUpdateSchema } from '@adloop/contract/screens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { screenQueryKey } from '@/features/screens/api/get-screen';
import { SCREENS_QUERY_KEY } from '@/features/screens/api/get-screens';
import { http } from '@/lib/http';

const screenResponseSchema = one(screenSchema);

/** Disabling a screen ends its sessions on the server; it stops playing at once. */
export async function updateScreen({ id, changes }: { id: string; changes: ScreenUpdate }) {
  const body = await http.patch<unknown>(
    `/api/ad-screens/${encodeURIComponent(id)}`,
    screenUpdateSchema.parse(changes),
  );
  return screenResponseSchema.parse(body).data;
}

export function useUpdateScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScreen,
    onSuccess: async (screen) => {
      queryClient.setQueryData(screenQueryKey(screen.id), screen);
      await queryClient.invalidateQueries({ queryKey: SCREENS_QUERY_KEY });
    },
  });
}
