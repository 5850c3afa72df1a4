import { type ScreenPayoutCreate, screenPayoutCreateSchema, screenPayoutSchema } from '@adloop/contract/billing';
import { z } from 'zod';
import { SCREEN_PAYOUTS_QUERY_KEY } from '@/features/billing/api/get-screen-payouts';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const createdPayoutsSchema = z.object({ data: z.array(screenPayoutSchema) });

/** One payout per screen (an outlet's payout is one per screen it has); a period already paid answers 409. */
export async function createScreenPayout(values: ScreenPayoutCreate) {
  const body = await http.post<unknown>('/api/screen-payout', screenPayoutCreateSchema.parse(values));
  return createdPayoutsSchema.parse(body).data;
}

export const useCreateScreenPayout = () =>
  useResourceMutation({ mutationFn: createScreenPayout, changes: [SCREEN_PAYOUTS_QUERY_KEY] });
