import { screenPayoutPaySchema, screenPayoutSchema } from '@adloop/contract/billing';
import { one } from '@adloop/contract/common';
import type { z } from 'zod';
import { SCREEN_PAYOUTS_QUERY_KEY } from '@/features/billing/api/get-screen-payouts';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

export type ScreenPayoutPay = z.input<typeof screenPayoutPaySchema>;

const screenPayoutResponseSchema = one(screenPayoutSchema);

/** Marks a payout paid, with the bank or UPI reference of the transfer. */
export async function payScreenPayout({ id, payment }: { id: string; payment: ScreenPayoutPay }) {
  const body = await http.post<unknown>(
    `/api/screen-payout/${encodeURIComponent(id)}/pay`,
    screenPayoutPaySchema.parse(payment),
  );
  return screenPayoutResponseSchema.parse(body).data;
}

export const usePayScreenPayout = () =>
  useResourceMutation({ mutationFn: payScreenPayout, changes: [SCREEN_PAYOUTS_QUERY_KEY] });
