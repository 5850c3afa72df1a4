import { errorBodySchema } from '@adloop/contract/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentResponse, publicSecurity } from '../../lib/schemas.ts';
import { recordScan } from './links.service.ts';

/** A phone opens this, so an unknown code gets a page, not JSON. */
const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Link not found · AdLoop</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:22rem;padding:2rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0;color:#475569;line-height:1.5}</style>
</head><body><main><h1>This link is not available</h1>
<p>The offer behind this code has ended or the code was mistyped. Scan the code on the screen again.</p></main></body></html>`;

const notFoundPage = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);

/**
 * Tracked short links of A/B variants (decision 034): `GET /r/:code` counts one scan and
 * redirects to the advertiser's page. Public: the phone that scanned a screen's QR code has no
 * session.
 */
export default async function linkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:code',
    {
      preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }),
      schema: {
        tags: ['links'],
        summary: "Count a scan of a variant's QR code and redirect to its link (302); an HTML 404 for unknown codes",
        params: z.object({ code: z.string() }),
        security: publicSecurity,
        querystring: z.object({ s: z.string().max(200).optional() }).passthrough(),
        response: {
          302: z.null().describe("Redirected to the variant's link (Location)"),
          404: contentResponse('A page saying the link is not available', 'text/html'),
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const scan = await recordScan(app.db, {
        code: request.params.code,
        screenCode: request.query.s,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.header('cache-control', 'no-store');
      if (!scan) return notFoundPage(reply);
      return reply.redirect(scan.link.url, 302);
    },
  );

  // Any other path under /r (a cut-off or mangled link) gets the same page, not the SPA.
  for (const path of ['/', '/*']) {
    app.get(
      path,
      { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }), schema: { hide: true } },
      async (_request, reply) => notFoundPage(reply),
    );
  }
}
