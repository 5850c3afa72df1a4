import { adTransactionSchema, adTransactionUpdateSchema } from '@adloop/contract/billing';
import { one } from '@adloop/contract/common';
import type { z } from 'zod';
import { AD_TRANSACTIONS_QUERY_KEY } from '@/features/billing/api/get-ad-transactions';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

export type AdTransactionUpdate = z.input<typeof adTransactionUpdateSchema>;

const adTransactionResponseSchema = one(adTransactionSchema);

/** A transaction's status moves on (pending → completed, refunded…); its amount never changes. */
export async function updateAdTransaction({ id, changes }: { id: string; changes: AdTransactionUpdate }) {
  const body = await http.patch<unknown>(
    `/api/ad-transaction/${encodeURIComponent(id)}`,
    adTransactionUpdateSchema.parse(changes),
  );
  return adTransactionResponseSchema.parse(body).data;
}

export const useUpdateAdTransaction = () =>
  useResourceMutation({ mutationFn: updateAdTransaction, changes: [AD_TRANSACTIONS_QUERY_KEY] });
