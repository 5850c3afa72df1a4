import { one } from '@adloop/contract/common';
import { PINCODE_PATTERN } from '@adloop/contract/formats';
import {
  type Pincode,
  pincodeCreateSchema,
  pincodeListQuerySchema,
  pincodeSchema,
  pincodeUpdateSchema,
} from '@adloop/contract/pincodes';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, http } from '@/lib/http';
import { defineResource } from '@/lib/resources/define-resource';

export type PincodeListQuery = z.output<typeof pincodeListQuerySchema>;

/** India's postal codes AdLoop knows, keyed by the code itself (/api/pincode). */
export const pincodeResource = defineResource({
  name: 'pincodes',
  path: '/api/pincode',
  entity: pincodeSchema,
  listQuery: pincodeListQuerySchema,
  create: pincodeCreateSchema,
  update: pincodeUpdateSchema,
  idOf: (pincode: Pincode) => pincode.code,
});

const pincodeResponseSchema = one(pincodeSchema);

/**
 * The city and state of a postal code, to fill in an outlet's address; null when AdLoop does not
 * know it yet, and the outlet form then asks for them (decision 047).
 */
export async function lookUpPincode(code: string, signal?: AbortSignal) {
  try {
    const body = await http.get<unknown>(pincodeResource.pathOf(code), { signal, silent: true });
    return pincodeResponseSchema.parse(body).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Under the pincode's detail key, so a change made on the Pincodes page shows in the outlet form too. */
export function pincodeLookupQueryOptions(code: string) {
  return queryOptions({
    queryKey: pincodeResource.keys.detail(code),
    queryFn: ({ signal }) => lookUpPincode(code, signal),
    enabled: PINCODE_PATTERN.test(code),
    staleTime: 60_000,
  });
}
