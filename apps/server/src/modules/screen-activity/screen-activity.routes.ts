import {
  screenActivityQuerySchema,
  screenActivityRowSchema,
  screenStatusSchema,
  uptimeQuerySchema,
  uptimeSchema,
} from '@adloop/contract/reports';
import { screenActivityBodySchema } from '@adloop/contract/screen';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenErrorResponses, screenSecurity } from '../../lib/schemas.ts';
import { staffRoutes } from '../../lib/staff-route.ts';
import { listActivity, screenStatus } from './screen-activity.query.ts';
import { type ActivityKind, recordActivity } from './screen-activity.service.ts';
import { uptime } from './uptime.ts';

const stateResponse = z.object({ data: z.object({ is_online: z.boolean(), last_seen_at: z.string().nullable() }) });

const ROUTES: Array<[string, ActivityKind, string]> = [
  ['/online', 'ONLINE', 'The screen started displaying'],
  ['/offline', 'OFFLINE', 'The screen stopped displaying (sent late from the saved record)'],
  ['/heartbeat', 'HEARTBEAT', 'The screen is still displaying (every 60 s)'],
];

export default async function screenActivityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = staffRoutes(app, 'screen activity');
  for (const [url, kind, summary] of ROUTES) {
    app.post(
      url,
      {
        preHandler: app.requireScreen,
        schema: {
          tags: ['screen activity'],
          summary,
          security: screenSecurity,
          body: screenActivityBodySchema,
          response: { 200: stateResponse, ...screenErrorResponses },
        },
      },
      async (request) => ({ data: await recordActivity(app.db, request.screen!, kind, request.body) }),
    );
  }

  app.get(
    '/',
    guard('screenActivity', 'read', {
      summary: 'When the screens the caller may see came online, went offline and came back, newest first, by cursor',
      querystring: screenActivityQuerySchema,
      response: {
        200: z.object({
          data: z.array(screenActivityRowSchema),
          meta: z.object({ nextCursor: z.string().nullable() }),
        }),
      },
    }),
    async (request) => listActivity(request.ctx, request.query),
  );

  app.get(
    '/status',
    guard('screenActivity', 'read', {
      summary: 'Each screen online or offline now, and since when',
      response: { 200: screenStatusSchema },
    }),
    async (request) => ({ data: await screenStatus(request.ctx) }),
  );

  app.get(
    '/uptime',
    guard('screenActivity', 'read', {
      summary: 'Uptime % per screen per day of its outlet: minutes online over minutes it existed, up to now',
      querystring: uptimeQuerySchema,
      response: { 200: uptimeSchema },
    }),
    async (request) => ({ data: await uptime(request.ctx, request.query) }),
  );
}
