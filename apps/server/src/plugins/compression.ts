import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than about one packet go as they are: compressing them saves nothing. */
export const COMPRESS_MIN_BYTES = 1024;

export type ResponseEncoding = 'br' | 'gzip';
const negotiator = new Negotiator<ResponseEncoding>({ supportedValues: ['br', 'gzip'] });

/** The encoding a request's Accept-Encoding asks for, brotli first; undefined for none. */
export function responseEncoding(acceptEncoding: string | undefined): ResponseEncoding | undefined {
  return (acceptEncoding && negotiator.negotiate(acceptEncoding)) || undefined;
}

/**
 * Compresses the API's answers over 1 kB for clients that accept it (a phone on a slow network,
 * decision 046). Only /api routes: the web build's files are compressed at build time and sent
 * as they are (plugins/web.ts), and media is compressed already. A route may opt out with
 * `compress: false` (the screens' event stream, and their ad list, which compresses once per
 * change). Request bodies are not decompressed: the body limits stay the limits of what is parsed.
 */
export default fp(
  async function compressionPlugin(app: FastifyInstance) {
    // Added before @fastify/compress's own onRoute hook, which reads the option.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && route.compress === undefined) route.compress = {};
    });
    await app.register(fastifyCompress, {
      global: false,
      threshold: COMPRESS_MIN_BYTES,
      encodings: ['br', 'gzip'],
    });
  },
  { name: 'compression' },
);
