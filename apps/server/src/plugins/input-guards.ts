import type { ErrorBody } from '@adloop/contract/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How deep a body is searched; the contract's bodies nest three levels at most. */
const MAX_DEPTH = 8;

/** The path (`logs.0.title`) of the first text or key holding a NUL character, which PostgreSQL cannot store. */
function nulPath(value: unknown, path: string[], depth: number): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses a NUL character anywhere in the path, query or JSON body with a 400 naming the field,
 * before any route sees it: PostgreSQL refuses it in text, and no field of AdLoop needs one.
 */
export default fp(
  async function inputGuardsPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (request, reply) => {
      for (const [part, value] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const) {
        const found = nulPath(value, [], 0);
        if (!found) continue;
        const path = [part, ...found].join('.');
        const body: ErrorBody = {
          message: `Invalid ${path}: must not contain a NUL character`,
          code: 'VALIDATION_FAILED',
          details: [{ path, message: 'must not contain a NUL character' }],
        };
        return reply.code(400).send(body);
      }
    });
  },
  { name: 'input-guards' },
);
