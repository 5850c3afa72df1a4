import type { ErrorBody } from '@adloop/contract/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

/** How deep a body is searched; the contract's bodies nest three levels at most. */
const MAX_DEPTH = 8;

/** Text PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (no Unicode character). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The path (`logs.0.title`) of the first text or key PostgreSQL could not store. Every request's
 * body passes through here (a batch of plays is thousands of keys), so the path is one stack,
 * copied only when something is found.
 */
function unstorablePath(value: unknown, path: string[], depth: number): string[] | undefined {
  if (typeof value === 'string') return unstorable(value) ? [...path] : undefined;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (unstorable(key)) return [...path, key];
    path.push(key);
    const found = unstorablePath(record[key], path, depth + 1);
    path.pop();
    if (found) return found;
  }
  return undefined;
}

/** A request carries a body when it says how long it is or that it comes in chunks. */
const hasBody = (headers: FastifyRequest['headers']) =>
  (headers['content-length'] !== undefined && headers['content-length'] !== '0') ||
  headers['transfer-encoding'] !== undefined;

/** A body sent compressed (or in a coding we do not know): refused by name, as RFC 9110 asks, with 415. */
function encodedBody(headers: FastifyRequest['headers']): string | undefined {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  return encoding && encoding !== 'identity' && hasBody(headers) ? encoding : undefined;
}

/**
 * Refuses a request body in any Content-Encoding before it is parsed: bodies are taken as they
 * are (compression.ts), so a gzip, deflate or br body would otherwise reach a parser as garbage.
 *
 * Refuses a NUL character or a lone surrogate anywhere in the path, query or JSON body with a 400
 * naming the field, before any route sees it: PostgreSQL refuses both in text and JSON, and no
 * field of AdLoop needs one.
 */
export default fp(
  async function inputGuardsPlugin(app: FastifyInstance) {
    app.addHook('preParsing', async (request, _reply, payload) => {
      const encoding = encodedBody(request.headers);
      if (!encoding) return payload;
      throw new HttpError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Request bodies are taken unencoded: Content-Encoding "${encoding.slice(0, 40)}" is not accepted`,
        undefined,
        { 'accept-encoding': 'identity' },
      );
    });

    app.addHook('preValidation', async (request, reply) => {
      for (const [part, value] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const) {
        const found = unstorablePath(value, [], 0);
        if (!found) continue;
        const path = [part, ...found].join('.');
        const body: ErrorBody = {
          message: `Invalid ${path}: must be text without NUL characters or broken Unicode`,
          code: 'VALIDATION_FAILED',
          details: [{ path, message: 'must be text without NUL characters or broken Unicode' }],
        };
        return reply.code(400).send(body);
      }
    });
  },
  { name: 'input-guards' },
);
