import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import { outletCreateSchema, outletListQuerySchema, outletSchema, outletUpdateSchema } from '@adloop/contract/outlets';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { createOutlet, deleteOutlet, getOutlet, listOutlets, updateOutlet } from './outlets.service.ts';

const tags = ['outlets'];
const security = [{ bearerAuth: [] }];

/** Venues that own screens, base path /api/outlets. */
export default async function outletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  app.get(
    '/',
    {
      preHandler: app.authorize('outlets', 'read'),
      schema: {
        tags,
        security,
        summary: 'Outlets the caller may see (advertisers see all of them, for targeting)',
        querystring: outletListQuerySchema,
        response: { 200: listOf(outletSchema), ...errorResponses },
      },
    },
    async (request) => listOutlets(app.db, await tenancyOf(request), request.scope, request.query),
  );

  app.get(
    '/:id',
    {
      preHandler: app.authorize('outlets', 'read'),
      schema: {
        tags,
        security,
        summary: 'One outlet',
        params: idParamsSchema,
        response: { 200: one(outletSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await getOutlet(app.db, await tenancyOf(request), request.scope, request.params.id) }),
  );

  app.post(
    '/',
    {
      preHandler: app.authorize('outlets', 'create'),
      schema: {
        tags,
        security,
        summary:
          'Onboard an outlet; an unknown pincode is added with the city and state given (409 when the outlet code is taken)',
        body: outletCreateSchema,
        response: { 201: one(outletSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createOutlet(app.db, request.staff!.user.role, request.body) }),
  );

  app.patch(
    '/:id',
    {
      preHandler: app.authorize('outlets', 'update'),
      schema: {
        tags,
        security,
        summary: "Edit an outlet; code, commission, tier, activation and the alert webhook are a global admin's",
        params: idParamsSchema,
        body: outletUpdateSchema,
        response: { 200: one(outletSchema), ...errorResponses },
      },
    },
    async (request) => {
      const tenancy = await tenancyOf(request);
      const { outlet, movedScreenIds, deactivatedScreenIds } = await updateOutlet(
        app.db,
        tenancy,
        request.scope,
        request.params.id,
        request.body,
      );
      if (request.body.tier !== undefined) app.pricing.forgetOutlet(outlet.id);
      // Their ad lists follow the outlet's targeting place now, not after the cache's TTL.
      for (const screenId of movedScreenIds)
        await app.events.publish({ type: 'screen.changed', screenId, reason: 'updated' });
      // Their streams end and their cached sessions drop, on every server process.
      for (const screenId of deactivatedScreenIds)
        await app.events.publish({ type: 'screen.changed', screenId, reason: 'disabled' });
      return { data: outlet };
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authorize('outlets', 'delete'),
      schema: {
        tags,
        security,
        summary: 'Delete an outlet with no screens, staff or payouts (else 409: deactivate it)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteOutlet(app.db, await tenancyOf(request), request.scope, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
