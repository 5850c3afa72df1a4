import { type AdTransactionCreate, adTransactionCreateSchema, adTransactionSchema } from '@adloop/contract/billing';
import { one } from '@adloop/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AD_TRANSACTIONS_QUERY_KEY } from '@/features/billing/api/get-ad-transactions';
import { http } from '@/lib/http';

const adTransactionResponseSchema = one(adTransactionSchema);

export async function createAdTransaction(values: AdTransactionCreate) {
  const body = await http.post<unknown>('/api/ad-transaction', adTransactionCreateSchema.parse(values));
  return adTransactionResponseSchema.parse(body).data;
}

export function useCreateAdTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AD_TRANSACTIONS_QUERY_KEY }),
  });
}
