import { one } from '@adloop/contract/common';
import { analyticsOverviewSchema, analyticsQuerySchema } from '@adloop/contract/reports';
import { variantAdSchema, variantAnalyticsQuerySchema, variantAnalyticsSchema } from '@adloop/contract/variants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { analyticsOverview } from './analytics.service.ts';
import { listVariantAds, variantAnalytics } from './variant-analytics.service.ts';

/** Every analytics read may come from the streaming replica (decision 098); none of them writes. */
export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'analytics');
  app.get(
    '/overview',
    guard('analytics', 'read', {
      summary: 'Plays over time and by slice, uptime and money, for the caller’s slice',
      querystring: analyticsQuerySchema,
      response: { 200: analyticsOverviewSchema },
    }),
    async (request) => ({
      data: await app.replicaRead(request.ctx, (ctx) => analyticsOverview(ctx, request.query)),
    }),
  );

  app.get(
    '/variants',
    guard('analytics', 'read', {
      summary: "An ad's A/B variants compared: plays, scans, scan rate, lift and significance against the control",
      querystring: variantAnalyticsQuerySchema,
      response: { 200: one(variantAnalyticsSchema) },
    }),
    async (request) => ({
      data: await app.replicaRead(request.ctx, (ctx) => variantAnalytics(ctx, request.query)),
    }),
  );

  app.get(
    '/variant-ads',
    guard('analytics', 'read', {
      summary: 'The ads with A/B variants the caller may compare',
      response: { 200: z.object({ data: z.array(variantAdSchema) }) },
    }),
    async (request) => ({
      data: await app.replicaRead(request.ctx, listVariantAds),
    }),
  );
}
