import { idParamsSchema, one } from '@adloop/contract/common';
import {
  variantCreateSchema,
  variantParamsSchema,
  variantSchema,
  variantUpdateSchema,
} from '@adloop/contract/variants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { createVariant, deleteVariant, listVariants, updateVariant } from './ad-variants.service.ts';

const tags = ['ads'];
const security = [{ bearerAuth: [] }];
const writtenVariantSchema = one(variantSchema.extend({ sent_to_review: z.boolean() }));

/**
 * An ad's A/B variants under /api/ads/:id/variants (decision 034). Every change publishes
 * `ads.changed`, so playing screens refetch their list at once, as for an ad edit.
 */
export default async function adVariantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);
  const announce = (adId: string) => app.events.publish({ type: 'ads.changed', adIds: [adId] });

  app.get(
    '/:id/variants',
    {
      preHandler: app.authorize('ads', 'read'),
      schema: {
        tags,
        security,
        summary: "An ad's A/B variants, the control (first by label) first",
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(variantSchema) }), ...errorResponses },
      },
    },
    async (request) => ({
      data: await listVariants(app.db, await tenancyOf(request), request.scope, request.params.id),
    }),
  );

  app.post(
    '/:id/variants',
    {
      preHandler: app.authorize('ads', 'update'),
      schema: {
        tags,
        security,
        summary: 'Add a variant (a new creative on a running ad goes to review first)',
        params: idParamsSchema,
        body: variantCreateSchema,
        response: { 201: writtenVariantSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenancy = await tenancyOf(request);
      const { variant, adId } = await createVariant(app.db, tenancy, request.scope, request.params.id, request.body);
      await announce(adId);
      return reply.code(201).send({ data: variant });
    },
  );

  app.patch(
    '/:id/variants/:variantId',
    {
      preHandler: app.authorize('ads', 'update'),
      schema: {
        tags,
        security,
        summary: 'Edit a variant: its weight, label, creative or link',
        params: variantParamsSchema,
        body: variantUpdateSchema,
        response: { 200: writtenVariantSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id, variantId } = request.params;
      const tenancy = await tenancyOf(request);
      const { variant } = await updateVariant(app.db, tenancy, request.scope, id, variantId, request.body);
      await announce(id);
      return { data: variant };
    },
  );

  app.delete(
    '/:id/variants/:variantId',
    {
      preHandler: app.authorize('ads', 'update'),
      schema: {
        tags,
        security,
        summary: 'Delete a variant that never played nor was scanned (else 409: set its weight to 0)',
        params: variantParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, variantId } = request.params;
      await deleteVariant(app.db, await tenancyOf(request), request.scope, id, variantId);
      await announce(id);
      return reply.code(204).send(null);
    },
  );
}
