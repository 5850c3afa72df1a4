import { adRejectSchema, adSchema } from '@adloop/contract/ads';
import { idParamsSchema, one } from '@adloop/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoutes } from '../../lib/staff-route.ts';
import { answerRevision, REVIEW_GRANTS as GRANTS, reviewAd, TRANSITIONS } from './ad-review.service.ts';

const answered = { 200: one(adSchema) };

/** The review workflow under /api/ads/:id/<step>; an impossible step is a 409 naming from and to. */
export default async function adReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'ads');

  for (const action of ['submit', 'approve', 'pause', 'resume'] as const) {
    const { from, to } = TRANSITIONS[action];
    app.post(
      `/:id/${action}`,
      guard('ads', GRANTS[action], {
        summary: `${action[0]!.toUpperCase()}${action.slice(1)} an ad: ${from.join(' or ')} → ${to}`,
        params: idParamsSchema,
        response: answered,
      }),
      async (request) => ({ data: await reviewAd(request.ctx, request.params.id, action) }),
    );
  }

  app.post(
    '/:id/reject',
    guard('ads', GRANTS.reject, {
      summary: `Reject an ad with a reason: ${TRANSITIONS.reject.from.join(' or ')} → REJECTED`,
      params: idParamsSchema,
      body: adRejectSchema,
      response: answered,
    }),
    async (request) => ({ data: await reviewAd(request.ctx, request.params.id, 'reject', request.body.reason) }),
  );

  app.post(
    '/:id/revision/approve',
    guard('ads', 'approve', {
      summary: "Approve an ad's pending content edit: screens show it from now on (409 when none waits)",
      params: idParamsSchema,
      response: answered,
    }),
    async (request) => ({ data: await answerRevision(request.ctx, request.params.id, 'approve') }),
  );

  app.post(
    '/:id/revision/reject',
    guard('ads', 'approve', {
      summary: "Reject an ad's pending content edit with a reason: screens keep the reviewed version",
      params: idParamsSchema,
      body: adRejectSchema,
      response: answered,
    }),
    async (request) => ({
      data: await answerRevision(request.ctx, request.params.id, 'reject', request.body.reason),
    }),
  );
}
