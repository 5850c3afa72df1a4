import { one } from '@adloop/contract/common';
import { type ScreenCreate, screenCreateSchema, screenWithPasscodeSchema } from '@adloop/contract/screens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SCREENS_QUERY_KEY } from '@/features/screens/api/get-screens';
import { http } from '@/lib/http';

const createdSchema = one(screenWithPasscodeSchema);

/** The answer carries the screen's 6-digit passcode, the only time it is ever shown. */
export async function createScreen(input: ScreenCreate) {
  const body = await http.post<unknown>('/api/ad-screens', screenCreateSchema.parse(input));
  return createdSchema.parse(body).data;
}

export function useCreateScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScreen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCREENS_QUERY_KEY }),
  });
}
