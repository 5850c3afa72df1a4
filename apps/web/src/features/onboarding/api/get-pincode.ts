import { one } from '@adloop/contract/common';
import { pincodeSchema } from '@adloop/contract/pincodes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const pincodeResponseSchema = one(pincodeSchema);
const PINCODE = /^\d{6}$/;

/** The city and state of a postal code, to fill in an outlet's address; unknown codes are no error. */
export async function getPincode(code: string, signal?: AbortSignal) {
  try {
    const body = await http.get<unknown>(`/api/pincode/${code}`, { signal, silent: true });
    return pincodeResponseSchema.parse(body).data;
  } catch {
    return null;
  }
}

export function pincodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['onboarding', 'pincode', code],
    queryFn: ({ signal }) => getPincode(code, signal),
    enabled: PINCODE.test(code),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePincode(code: string) {
  return useQuery(pincodeQueryOptions(code));
}
