import {
  pincodeCreateSchema,
  pincodeListQuerySchema,
  pincodeParamsSchema,
  pincodeSchema,
  pincodeUpdateSchema,
} from '@adloop/contract/pincodes';
import type { FastifyInstance } from 'fastify';
import { resourceRoutes } from '../../lib/staff-route.ts';
import { createPincode, deletePincode, getPincode, listPincodes, updatePincode } from './pincodes.service.ts';

/** Postal codes with city and state, base path /api/pincode: every role reads, a global admin manages. */
export default async function pincodeRoutes(app: FastifyInstance) {
  // A pincode is named by its six digits, not a UUID.
  const routes = resourceRoutes(app, 'pincodes', 'pincodes', pincodeSchema, pincodeParamsSchema);
  routes.list('Search pincodes by code, city or state', pincodeListQuerySchema, listPincodes);
  routes.one('One pincode', getPincode);
  routes.create('Add a pincode (409 when it exists)', pincodeCreateSchema, createPincode);
  routes.update("Correct a pincode's city or state", pincodeUpdateSchema, updatePincode);
  routes.remove('Delete a pincode no outlet uses (else 409)', deletePincode);
}
