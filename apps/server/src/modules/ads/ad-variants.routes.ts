import { idParamsSchema, one } from '@adloop/contract/common';
import {
  variantCreateSchema,
  variantParamsSchema,
  variantSchema,
  variantUpdateSchema,
} from '@adloop/contract/variants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { createVariant, deleteVariant, listVariants, updateVariant } from './ad-variants.service.ts';

const writtenVariantSchema = one(variantSchema.extend({ sent_to_review: z.boolean() }));

/**
 * An ad's A/B variants under /api/ads/:id/variants (decision 034). Every change announces
 * `ads.changed`, so playing screens refetch their list at once, as for an ad edit.
 */
export default async function adVariantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'ads');

  app.get(
    '/:id/variants',
    guard('ads', 'read', {
      summary: "An ad's A/B variants, the control (first by label) first",
      params: idParamsSchema,
      response: { 200: z.object({ data: z.array(variantSchema) }) },
    }),
    async (request) => ({ data: await listVariants(request.ctx, request.params.id) }),
  );

  app.post(
    '/:id/variants',
    guard('ads', 'update', {
      summary: 'Add a variant (a new creative on a running ad goes to review first)',
      params: idParamsSchema,
      body: variantCreateSchema,
      response: { 201: writtenVariantSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await createVariant(request.ctx, request.params.id, request.body) }),
  );

  app.patch(
    '/:id/variants/:variantId',
    guard('ads', 'update', {
      summary: 'Edit a variant: its weight, label, creative or link',
      params: variantParamsSchema,
      body: variantUpdateSchema,
      response: { 200: writtenVariantSchema },
    }),
    async (request) => {
      const { id, variantId } = request.params;
      return { data: await updateVariant(request.ctx, id, variantId, request.body) };
    },
  );

  app.delete(
    '/:id/variants/:variantId',
    guard('ads', 'update', {
      summary: 'Delete a variant that never played nor was scanned (else 409: set its weight to 0)',
      params: variantParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await deleteVariant(request.ctx, request.params.id, request.params.variantId);
      return reply.code(204).send(null);
    },
  );
}
