import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import { outletCreateSchema, outletListQuerySchema, outletSchema, outletUpdateSchema } from '@adloop/contract/outlets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createOutlet, deleteOutlet, getOutlet, listOutlets, updateOutlet } from './outlets.service.ts';

/** Venues that own screens, base path /api/outlets. */
export default async function outletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'outlets');

  app.get(
    '/',
    guard('outlets', 'read', {
      summary: 'Outlets the caller may see (advertisers see all of them, for targeting)',
      querystring: outletListQuerySchema,
      response: { 200: listOf(outletSchema) },
    }),
    async (request) => listOutlets(request.ctx, request.query),
  );

  app.get(
    '/:id',
    guard('outlets', 'read', { summary: 'One outlet', params: idParamsSchema, response: { 200: one(outletSchema) } }),
    async (request) => ({ data: await getOutlet(request.ctx, request.params.id) }),
  );

  app.post(
    '/',
    guard('outlets', 'create', {
      summary:
        'Onboard an outlet; an unknown pincode is added with the city and state given (409 when the outlet code is taken)',
      body: outletCreateSchema,
      response: { 201: one(outletSchema) },
    }),
    async (request, reply) => reply.code(201).send({ data: await createOutlet(request.ctx, request.body) }),
  );

  app.patch(
    '/:id',
    guard('outlets', 'update', {
      summary: "Edit an outlet; code, commission, tier, activation and the alert webhook are a global admin's",
      params: idParamsSchema,
      body: outletUpdateSchema,
      response: { 200: one(outletSchema) },
    }),
    async (request) => ({ data: await updateOutlet(request.ctx, request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    guard('outlets', 'delete', {
      summary: 'Delete an outlet with no screens, staff or payouts (else 409: deactivate it)',
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deleteOutlet(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
