import { screenPayoutPaySchema, screenPayoutSchema } from '@adloop/contract/billing';
import { one } from '@adloop/contract/common';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { screenPayoutResource } from '@/lib/resources/screen-payouts';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

export type ScreenPayoutPay = z.input<typeof screenPayoutPaySchema>;

const screenPayoutResponseSchema = one(screenPayoutSchema);

/** Marks a payout paid, with the bank or UPI reference of the transfer. */
export async function payScreenPayout({ id, payment }: { id: string; payment: ScreenPayoutPay }) {
  const body = await http.post<unknown>(`${screenPayoutResource.pathOf(id)}/pay`, screenPayoutPaySchema.parse(payment));
  return screenPayoutResponseSchema.parse(body).data;
}

export const usePayScreenPayout = () =>
  useResourceMutation({ mutationFn: payScreenPayout, changes: screenPayoutResource.changes });
