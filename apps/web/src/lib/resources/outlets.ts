import { outletCreateSchema, outletListQuerySchema, outletSchema, outletUpdateSchema } from '@adloop/contract/outlets';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { defineResource } from '@/lib/resources/define-resource';
import { pincodeResource } from '@/lib/resources/pincodes';

export type OutletListQuery = z.output<typeof outletListQuerySchema>;

/** Venues that run screens (/api/outlets). */
export const outletResource = defineResource({
  name: 'outlets',
  path: '/api/outlets',
  entity: outletSchema,
  listQuery: outletListQuerySchema,
  create: outletCreateSchema,
  update: outletUpdateSchema,
  // A pincode AdLoop did not know is added with the outlet (decision 047).
  alsoChanges: [pincodeResource.keys],
});

/** Outlets for a picker or a report filter, already scoped to the caller, searched by name, code or city. */
export const outletOptions = (q: string, enabled = true) => outletResource.pickerOptions({ q, sort: 'name' }, enabled);
export const useOutletOptions = (q: string, enabled = true) => useQuery(outletOptions(q, enabled));
