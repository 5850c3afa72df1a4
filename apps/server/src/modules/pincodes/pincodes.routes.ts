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
import { errorResponses } from '../../lib/schemas.ts';
import { createPincode, deletePincode, getPincode, listPincodes, updatePincode } from './pincodes.service.ts';

const tags = ['pincodes'];
const security = [{ bearerAuth: [] }];

/** Postal codes with city and state, base path /api/pincode: every role reads, a global admin manages. */
export default async function pincodeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      preHandler: app.authorize('pincodes', 'read'),
      schema: {
        tags,
        security,
        summary: 'Search pincodes by code, city or state',
        querystring: pincodeListQuerySchema,
        response: { 200: listOf(pincodeSchema), ...errorResponses },
      },
    },
    async (request) => listPincodes(app.db, request.query),
  );

  app.get(
    '/:code',
    {
      preHandler: app.authorize('pincodes', 'read'),
      schema: {
        tags,
        security,
        summary: 'One pincode',
        params: pincodeParamsSchema,
        response: { 200: one(pincodeSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getPincode(app.db, request.params.code) }),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('pincodes', 'create'),
      schema: {
        tags,
        security,
        summary: 'Add a pincode (409 when it exists)',
        body: pincodeCreateSchema,
        response: { 201: one(pincodeSchema), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createPincode(app.db, request.body) }),
  );

  app.patch(
    '/:code',
    {
      preHandler: app.authorize('pincodes', 'update'),
      schema: {
        tags,
        security,
        summary: "Correct a pincode's city or state",
        params: pincodeParamsSchema,
        body: pincodeUpdateSchema,
        response: { 200: one(pincodeSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await updatePincode(app.db, request.params.code, request.body) }),
  );

  app.delete(
    '/:code',
    {
      preHandler: app.authorize('pincodes', 'delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a pincode no outlet uses (else 409)',
        params: pincodeParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deletePincode(app.db, request.params.code);
      return reply.code(204).send(null);
    },
  );
}
