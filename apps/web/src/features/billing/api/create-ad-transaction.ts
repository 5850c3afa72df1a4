import { type AdTransactionCreate, adTransactionCreateSchema, adTransactionSchema } from '@adloop/contract/billing';
import { one } from '@adloop/contract/common';
import { AD_TRANSACTIONS_QUERY_KEY } from '@/features/billing/api/get-ad-transactions';
import { http } from '@/lib/http';
import { useResourceMutation } from '@/lib/resources/use-resource-mutation';

const adTransactionResponseSchema = one(adTransactionSchema);

export async function createAdTransaction(values: AdTransactionCreate) {
  const body = await http.post<unknown>('/api/ad-transaction', adTransactionCreateSchema.parse(values));
  return adTransactionResponseSchema.parse(body).data;
}

export const useCreateAdTransaction = () =>
  useResourceMutation({ mutationFn: createAdTransaction, changes: [AD_TRANSACTIONS_QUERY_KEY] });
