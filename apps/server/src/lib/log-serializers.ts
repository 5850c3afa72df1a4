import { stdSerializers } from 'pino';

/** Keys of a failed statement's error that carry its values: a password hash, an email, a passcode. */
const VALUE_KEYS = new Set(['params', 'parameters', 'values']);

/** Drizzle also writes the values into the message (and so the stack): `Failed query: …\nparams: a,b`. */
const PARAMS_LINE = /\nparams: [^\n]*/g;

function withoutValues(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(PARAMS_LINE, '\nparams: [redacted]');
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => withoutValues(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    copy[key] = VALUE_KEYS.has(key) ? '[redacted]' : withoutValues(child, depth + 1);
  }
  return copy;
}

/**
 * Pino's error serializer without the values of a failed statement: Drizzle's query errors carry
 * `params`, which may hold an argon2 hash or a person's email; the SQL text stays for debugging.
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return withoutValues(stdSerializers.err(error), 0) as ReturnType<typeof stdSerializers.err>;
}

/** The token of a one-time link, as a query parameter (`/set-password?token=…`, decision 089). */
const TOKEN_PARAM = /([?&]token=)[^&#]*/gi;

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's request serializer with a link's token left out of the URL: whoever reads the logs
 * could otherwise choose an invited user's password before they do.
 */
export function serializeRequest(request: LoggedRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url.replace(TOKEN_PARAM, '$1[redacted]'),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Logger serializers for every AdLoop process. */
export const logSerializers = { err: serializeError, req: serializeRequest };
