import { adRejectSchema, adSchema } from '@adloop/contract/ads';
import { idParamsSchema, one } from '@adloop/contract/common';
import type { Action } from '@adloop/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { loadTenancy } from '../tenancy/tenancy.service.ts';
import { answerRevision, type ReviewAction, reviewAd, TRANSITIONS } from './ad-review.service.ts';

const tags = ['ads'];
const security = [{ bearerAuth: [] }];

/** Which matrix action each step of the review takes. */
const GRANTS: Record<ReviewAction, Action> = {
  submit: 'update',
  approve: 'approve',
  reject: 'approve',
  pause: 'pause',
  resume: 'pause',
};

/** The review workflow under /api/ads/:id/<step>; an impossible step is a 409 naming from and to. */
export default async function adReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tenancyOf = (request: FastifyRequest) => loadTenancy(app.db, request.staff!.user);

  for (const action of ['submit', 'approve', 'pause', 'resume'] as const) {
    const { from, to } = TRANSITIONS[action];
    app.post(
      `/:id/${action}`,
      {
        preHandler: app.authorize('ads', GRANTS[action]),
        schema: {
          tags,
          security,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} an ad: ${from.join(' or ')} → ${to}`,
          params: idParamsSchema,
          response: { 200: one(adSchema), ...errorResponses },
        },
      },
      async (request) => {
        const ad = await reviewAd(app.db, await tenancyOf(request), request.scope, request.params.id, action);
        await app.events.publish({ type: 'ads.changed', adIds: [ad.id] });
        return { data: ad };
      },
    );
  }

  app.post(
    '/:id/reject',
    {
      preHandler: app.authorize('ads', GRANTS.reject),
      schema: {
        tags,
        security,
        summary: `Reject an ad with a reason: ${TRANSITIONS.reject.from.join(' or ')} → REJECTED`,
        params: idParamsSchema,
        body: adRejectSchema,
        response: { 200: one(adSchema), ...errorResponses },
      },
    },
    async (request) => {
      const tenancy = await tenancyOf(request);
      const ad = await reviewAd(app.db, tenancy, request.scope, request.params.id, 'reject', request.body.reason);
      await app.events.publish({ type: 'ads.changed', adIds: [ad.id] });
      return { data: ad };
    },
  );

  app.post(
    '/:id/revision/approve',
    {
      preHandler: app.authorize('ads', 'approve'),
      schema: {
        tags,
        security,
        summary: "Approve an ad's pending content edit: screens show it from now on (409 when none waits)",
        params: idParamsSchema,
        response: { 200: one(adSchema), ...errorResponses },
      },
    },
    async (request) => {
      const ad = await answerRevision(app.db, await tenancyOf(request), request.scope, request.params.id, 'approve');
      await app.events.publish({ type: 'ads.changed', adIds: [ad.id] });
      return { data: ad };
    },
  );

  app.post(
    '/:id/revision/reject',
    {
      preHandler: app.authorize('ads', 'approve'),
      schema: {
        tags,
        security,
        summary: "Reject an ad's pending content edit with a reason: screens keep the reviewed version",
        params: idParamsSchema,
        body: adRejectSchema,
        response: { 200: one(adSchema), ...errorResponses },
      },
    },
    async (request) => {
      const tenancy = await tenancyOf(request);
      const { id } = request.params;
      return { data: await answerRevision(app.db, tenancy, request.scope, id, 'reject', request.body.reason) };
    },
  );
}
