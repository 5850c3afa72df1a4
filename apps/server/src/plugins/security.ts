import type { ErrorBody } from '@adloop/contract/api';
import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON answers are never rendered as documents, so the API sends a fixed, stricter header set
 * than the pages: nothing may load, nothing may frame it. Precomputed, it costs a fraction of
 * helmet's per-request work on the screens' hot paths (docs/decisions/020).
 */
export const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

const isJsonApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers and rate limiting. The CSP allows what the app itself loads: its own
 * scripts, inline styles (Radix and sonner position with style attributes), media and images
 * from anywhere over https (ads may point at external media), and embeds of video hosts.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // Ad previews stream HLS/DASH from the advertiser's https host and ask an oEmbed service for thumbnails.
          connectSrc: ["'self'", 'https:'],
          frameSrc: ["'self'", 'https:'],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // Media is fetched cross-origin by nothing but our own pages; allow <video> range loads.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      hsts: false,
    });

    app.addHook('onRoute', (route) => {
      if (!isJsonApi(route.url)) return;
      // @fastify/helmet reads this at request time; its own typing only covers the route option.
      route.config = { ...route.config, helmet: { skipRoute: true } } as typeof route.config;
      const apiHeaders = async (_request: FastifyRequest, reply: FastifyReply) => {
        reply.headers(API_HEADERS);
      };
      route.onRequest = [apiHeaders, ...(route.onRequest ? [route.onRequest].flat() : [])];
    });

    await app.register(rateLimit, {
      global: false,
      // A request whose socket closed before its limit was checked has no address left; the
      // default key threw on it (a logged 500 for a client already gone).
      keyGenerator: (request) => (request.ip ? normalizeIP(request.ip) : 'gone'),
      errorResponseBuilder: (_request, context) => {
        const body: ErrorBody & { statusCode: number } = {
          statusCode: 429,
          message: `Too many requests; try again in ${context.after}`,
          code: 'RATE_LIMITED',
        };
        return body;
      },
    });
  },
  { name: 'security' },
);
