import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ScreenPrincipal } from '../lib/screen-principal.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import type { ResponseEncoding } from './compression.ts';

/**
 * A screen's ad list as sent: the serialised body, already UTF-8 bytes so the hot path writes it
 * without encoding it again, and its ETag.
 */
export interface CachedAdList {
  body: Buffer;
  etag: string;
  /** The body compressed, each encoding made on its first request (decision 046). */
  encoded: Partial<Record<ResponseEncoding, Buffer>>;
}

export interface ScreenCache {
  /** Verified screen tokens → their screen (and the token's expiry, in ms). */
  principals: TtlCache<string, { principal: ScreenPrincipal; expiresAtMs: number }>;
  /** Serialised ad lists per screen. */
  adLists: TtlCache<string, CachedAdList>;
  /** Ad id → its company, for checking plays. */
  adCompanies: TtlCache<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    screenCache: ScreenCache;
  }
}

export function toCachedAdList(payload: unknown): CachedAdList {
  const body = Buffer.from(JSON.stringify(payload));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, encoded: {} };
}

/** The list's body in an encoding, compressed once per list rather than once per request. */
export function encodedAdList(list: CachedAdList, encoding: ResponseEncoding): Buffer {
  list.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(list.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(list.body, { level: 9 });
  return list.encoded[encoding];
}

/**
 * The screens' hot paths (every screen polls its list, posts plays and heartbeats) answer from
 * memory. Changes announced on the event bus clear the affected entries at once; a short TTL
 * bounds staleness for changes that reach this process no other way.
 */
export default fp(
  async function screenCachePlugin(app: FastifyInstance, opts: { ttlMs?: number }) {
    const ttl = opts.ttlMs ?? 10_000;
    const cache: ScreenCache = {
      principals: new TtlCache(ttl, 50_000),
      adLists: new TtlCache(ttl, 50_000),
      adCompanies: new TtlCache(60_000, 100_000),
    };
    app.decorate('screenCache', cache);
    const unsubscribe = app.events.subscribe((event) => {
      if (event.type === 'ads.changed') {
        cache.adLists.clear();
        for (const id of event.adIds) cache.adCompanies.delete(id);
      }
      if (event.type === 'screen.changed') {
        cache.principals.clear();
        cache.adLists.delete(event.screenId);
      }
    });
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'screen-cache', dependencies: ['events'] },
);
