import type { ErrorBody } from '@adloop/contract/api';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
          connectSrc: ["'self'"],
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

    await app.register(rateLimit, {
      global: false,
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
