import { one } from '@adloop/contract/common';
import { pincodeSchema } from '@adloop/contract/pincodes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '@/lib/http';

const pincodeResponseSchema = one(pincodeSchema);
const PINCODE = /^\d{6}$/;

/**
 * The city and state of a postal code, to fill in an outlet's address; null when AdLoop does not
 * know it yet, and the outlet form then asks for them (decision 047).
 */
export async function getPincode(code: string, signal?: AbortSignal) {
  try {
    const body = await http.get<unknown>(`/api/pincode/${code}`, { signal, silent: true });
    return pincodeResponseSchema.parse(body).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Under the pincodes' own key, so a change made on the Pincodes page shows here too. */
export function pincodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['pincodes', 'one', code],
    queryFn: ({ signal }) => getPincode(code, signal),
    enabled: PINCODE.test(code),
    staleTime: 60_000,
  });
}

export function usePincode(code: string) {
  return useQuery(pincodeQueryOptions(code));
}
