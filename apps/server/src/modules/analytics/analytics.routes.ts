import { one } from '@adloop/contract/common';
import { analyticsOverviewSchema, analyticsQuerySchema } from '@adloop/contract/reports';
import { variantAdSchema, variantAnalyticsQuerySchema, variantAnalyticsSchema } from '@adloop/contract/variants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { analyticsOverview } from './analytics.service.ts';
import { listVariantAds, variantAnalytics } from './variant-analytics.service.ts';

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/overview',
    {
      preHandler: app.authorize('analytics', 'read'),
      schema: {
        tags: ['analytics'],
        summary: 'Plays over time and by slice, uptime and money, for the caller’s slice',
        security: [{ bearerAuth: [] }],
        querystring: analyticsQuerySchema,
        response: { 200: analyticsOverviewSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await analyticsOverview(
        app.db,
        await loadTenancy(app.db, request.staff!.user),
        request.scope,
        request.query,
      ),
    }),
  );

  app.get(
    '/variants',
    {
      preHandler: app.authorize('analytics', 'read'),
      schema: {
        tags: ['analytics'],
        summary: "An ad's A/B variants compared: plays, scans, scan rate, lift and significance against the control",
        security: [{ bearerAuth: [] }],
        querystring: variantAnalyticsQuerySchema,
        response: { 200: one(variantAnalyticsSchema), ...errorResponses },
      },
    },
    async (request) => ({
      data: await variantAnalytics(
        app.db,
        await loadTenancy(app.db, request.staff!.user),
        request.scope,
        request.query,
      ),
    }),
  );

  app.get(
    '/variant-ads',
    {
      preHandler: app.authorize('analytics', 'read'),
      schema: {
        tags: ['analytics'],
        summary: 'The ads with A/B variants the caller may compare',
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ data: z.array(variantAdSchema) }), ...errorResponses },
      },
    },
    async (request) => ({
      data: await listVariantAds(app.db, await loadTenancy(app.db, request.staff!.user), request.scope),
    }),
  );
}
