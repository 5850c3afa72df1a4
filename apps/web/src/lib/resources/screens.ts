import { one } from '@adloop/contract/common';
import {
  screenCreateSchema,
  screenListQuerySchema,
  screenSchema,
  screenUpdateSchema,
  screenWithPasscodeSchema,
} from '@adloop/contract/screens';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { defineResource } from '@/lib/resources/define-resource';
import { storeDetail, useResourceMutation } from '@/lib/resources/use-resource-mutation';

export type ScreenListQuery = z.output<typeof screenListQuerySchema>;

/** Online badges stay true to life while a screen is shown (heartbeats arrive every 60 s). */
export const SCREEN_STATUS_REFRESH_MS = 15_000;

/** Display screens (/api/ad-screens); a create answers the 6-digit passcode, the only time it is shown. */
export const screenResource = defineResource({
  name: 'screens',
  path: '/api/ad-screens',
  entity: screenSchema,
  listQuery: screenListQuerySchema,
  create: screenCreateSchema,
  created: screenWithPasscodeSchema,
  update: screenUpdateSchema,
  refetchInterval: SCREEN_STATUS_REFRESH_MS,
});

const resetSchema = one(screenWithPasscodeSchema);

/** A new passcode: the screen's sessions end and a lock after failed attempts is lifted. */
export async function resetScreenPasscode(id: string) {
  return resetSchema.parse(await http.post<unknown>(`${screenResource.pathOf(id)}/reset-passcode`)).data;
}

export function useResetScreenPasscode() {
  const settle = storeDetail(screenResource);
  return useResourceMutation({
    mutationFn: resetScreenPasscode,
    changes: screenResource.changes,
    settle: (queryClient, { screen }) => settle(queryClient, screen),
  });
}

/** Screens for a report filter, of one outlet when given. */
export const screenOptions = (q: string, outletId: string | undefined, enabled = true) =>
  screenResource.pickerOptions({ q, outlet_id: outletId }, enabled);
export const useScreenOptions = (q: string, outletId: string | undefined, enabled = true) =>
  useQuery(screenOptions(q, outletId, enabled));
