import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ErrorBody } from '@adloop/contract/api';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_HEADERS } from './security.ts';

export interface WebOptions {
  /** The built SPA (apps/web/dist); absent in API-only tests. */
  webDistDir?: string;
  mediaDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * One origin: the SPA, its hashed assets and the content-addressed media are served beside
 * the API. Unknown /api and /media paths answer a JSON 404; other GETs fall back to the SPA,
 * whose router shows its own 404 page.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: WebOptions) {
    await app.register(fastifyStatic, {
      root: path.resolve(opts.mediaDir),
      prefix: '/media/',
      decorateReply: false,
      index: false,
      // Names are content hashes, so a file never changes once written.
      setHeaders: (reply) => {
        reply.header('cache-control', IMMUTABLE);
      },
    });

    const distDir = opts.webDistDir ? path.resolve(opts.webDistDir) : undefined;
    const hasWeb = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        wildcard: true,
        // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts);
        // the variant the client accepts is sent as is, with Vary: Accept-Encoding.
        preCompressed: true,
        // A folder's page.html is the index.html of one page with its code preloaded
        // (apps/web/build/page-documents.ts); paths without one fall back to index.html below.
        index: ['page.html'],
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler(
      { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
      async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '/';
        const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/media/');
        const wantsPage = request.method === 'GET' || request.method === 'HEAD';
        if (!isApi && wantsPage && hasWeb) {
          return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
        }
        const body: ErrorBody = { message: `Route ${request.method} ${pathname} not found`, code: 'NOT_FOUND' };
        return reply.code(404).headers(API_HEADERS).send(body);
      },
    );
  },
  { name: 'web', dependencies: ['security'] },
);
