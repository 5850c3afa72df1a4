import { screenActivityBodySchema } from '@adloop/contract/screen';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { type ActivityKind, recordActivity } from './screen-activity.service.ts';

const stateResponse = z.object({ data: z.object({ is_online: z.boolean(), last_seen_at: z.string().nullable() }) });

const ROUTES: Array<[string, ActivityKind, string]> = [
  ['/online', 'ONLINE', 'The screen started displaying'],
  ['/offline', 'OFFLINE', 'The screen stopped displaying (sent late from the saved record)'],
  ['/heartbeat', 'HEARTBEAT', 'The screen is still displaying (every 60 s)'],
];

export default async function screenActivityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const [url, kind, summary] of ROUTES) {
    app.post(
      url,
      {
        preHandler: app.requireScreen,
        schema: {
          tags: ['screen activity'],
          summary,
          security: [{ screenBearer: [] }],
          body: screenActivityBodySchema,
          response: { 200: stateResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await recordActivity(app.db, request.screen!, kind, request.body) }),
    );
  }
}
