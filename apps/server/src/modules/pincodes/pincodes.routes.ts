import { listOf, one } from '@adloop/contract/common';
import {
  pincodeCreateSchema,
  pincodeListQuerySchema,
  pincodeParamsSchema,
  pincodeSchema,
  pincodeUpdateSchema,
} from '@adloop/contract/pincodes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createPincode, deletePincode, getPincode, listPincodes, updatePincode } from './pincodes.service.ts';

/** Postal codes with city and state, base path /api/pincode: every role reads, a global admin manages. */
export default async function pincodeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'pincodes');

  app.get(
    '/',
    guard('pincodes', 'read', {
      summary: 'Search pincodes by code, city or state',
      querystring: pincodeListQuerySchema,
      response: { 200: listOf(pincodeSchema) },
    }),
    async (request) => listPincodes(app.db, request.query),
  );

  app.get(
    '/:code',
    guard('pincodes', 'read', {
      summary: 'One pincode',
      params: pincodeParamsSchema,
      response: { 200: one(pincodeSchema) },
    }),
    async (request) => ({ data: await getPincode(app.db, request.params.code) }),
  );

  app.post(
    '/',
    guard('pincodes', 'create', {
      summary: 'Add a pincode (409 when it exists)',
      body: pincodeCreateSchema,
      response: { 201: one(pincodeSchema) },
    }),
    async (request, reply) => reply.code(201).send({ data: await createPincode(app.db, request.body) }),
  );

  app.patch(
    '/:code',
    guard('pincodes', 'update', {
      summary: "Correct a pincode's city or state",
      params: pincodeParamsSchema,
      body: pincodeUpdateSchema,
      response: { 200: one(pincodeSchema) },
    }),
    async (request) => ({ data: await updatePincode(app.db, request.params.code, request.body) }),
  );

  app.delete(
    '/:code',
    guard('pincodes', 'delete', {
      summary: 'Delete a pincode no outlet uses (else 409)',
      params: pincodeParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deletePincode(app.db, request.params.code);
      return reply.code(204).send(null);
    },
  );
}
