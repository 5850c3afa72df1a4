import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';

export interface MetricsRouteOptions {
  /** METRICS_TOKEN; unset, the route answers 404 as if it did not exist. */
  token?: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Hashes of equal length compared in constant time: neither the token nor its length leaks by timing. */
function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const presented = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return timingSafeEqual(digest(presented ?? ''), expected) && presented !== undefined;
}

/**
 * `GET /metrics`: Prometheus text for a scraper holding METRICS_TOKEN (decision 058). Outside
 * /api and out of the OpenAPI document: it is for the operator's monitoring, not for clients.
 * Never shed by admission control and not rate limited: a scrape every few seconds is its use.
 */
export default async function metricsRoutes(app: FastifyInstance, options: MetricsRouteOptions) {
  const expected = options.token ? digest(options.token) : undefined;

  app.get('/metrics', { schema: { hide: true }, compress: {} }, async (request, reply) => {
    // As any unknown path outside the web app's: a JSON 404 rather than the SPA's page.
    if (!expected) throw new HttpError(404, 'NOT_FOUND', `Route ${request.method} /metrics not found`);
    if (!bearerMatches(request.headers.authorization, expected)) {
      throw new HttpError(401, 'UNAUTHORIZED', 'Metrics need the bearer token configured in METRICS_TOKEN', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    const text = await app.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
  });
}
