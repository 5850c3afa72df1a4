import { errorBodySchema } from '@adloop/contract/api';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { publicSecurity, screenSecurity, staffSessionSecurity } from '../lib/schemas.ts';
import { operationIdFor } from './operation-ids.ts';

type Json = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = Json & { response?: Json; security?: Array<Record<string, string[]>>; operationId?: string };

/** Scheme names an older route may still write (apps/server/src/modules/auth/auth.routes.ts), and the names they became. */
const RENAMED_SCHEMES: Record<string, string> = { bearerAuth: 'staffToken', screenBearer: 'screenToken' };

/** What every status means, where the route gave no description of its own. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: the request is passed on and will be acted on later',
  204: 'Done; no body',
  302: 'Found: redirected to the Location header',
  304: 'Not modified: the ETag in If-None-Match is still current',
  400: 'Bad request: malformed input, or a field that fails validation (`details` names it)',
  401: 'No valid token, or a wrong sign-in',
  403: 'Signed in but not allowed (or a temporary password to change first)',
  404: 'Not found, or not visible to the caller',
  409: 'Conflict with the current state of the row',
  410: 'Gone: a one-time link or step that was used, expired or replaced',
  413: 'Body or file too large, or a storage quota reached',
  415: 'Unsupported Content-Type or Content-Encoding of the body',
  429: 'Too many requests; Retry-After says when to try again',
  502: 'A service the request relies on (the mail server) did not take it',
  503: 'Busy or the database is away; Retry-After says when to try again',
  '5XX': 'Server error (500), or the database is away for a moment (503, with Retry-After)',
};

/** Example error bodies, one per status, so a reader sees the shape at once. */
const ERROR_EXAMPLES: Record<string, { message: string; code: string; details?: unknown[] }> = {
  400: {
    message: 'Invalid body.email: Invalid email address',
    code: 'VALIDATION_FAILED',
    details: [{ path: 'body.email', message: 'Invalid email address' }],
  },
  401: { message: 'Invalid or expired session; please sign in again', code: 'UNAUTHORIZED' },
  403: { message: 'You are not allowed to do this', code: 'FORBIDDEN' },
  404: { message: 'Ad not found', code: 'NOT_FOUND' },
  409: { message: 'Ad still has 12 plays; pause it instead', code: 'CONFLICT' },
  410: { message: 'This link was already used', code: 'GONE' },
  413: { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' },
  415: { message: 'Unsupported Media Type: text/plain', code: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { message: 'Too many requests; try again in 1 minute', code: 'RATE_LIMITED' },
  503: { message: 'The server is busy; try again in 5 s', code: 'SERVICE_UNAVAILABLE' },
  '5XX': { message: 'Internal server error', code: 'INTERNAL' },
};

/** Request examples of the operations a newcomer tries first. */
const REQUEST_EXAMPLES: Record<string, unknown> = {
  login: { email: 'admin@adloop.app', password: 'correct horse battery staple' },
  signInScreen: { screen_code: 'SCR-0001', pass_code: '123456' },
};

const hooksOf = (route: RouteOptions) =>
  [route.onRequest, route.preHandler].flat().filter((hook): hook is NonNullable<typeof hook> => Boolean(hook));

/**
 * The route's security: as its schema declares it (old scheme names renamed), else as its hooks
 * guard it: a screen's token (`app.requireScreen`), a person's session (`app.requireStaff`, which
 * refuses integration tokens), else none. The matrix's guard (`app.authorize`) cannot be told by
 * its hooks, so staff-route.ts declares it; openapi-document.api.test.ts lists the public
 * operations, so a guarded route read as public here fails it.
 */
function securityOf(app: FastifyInstance, route: RouteOptions, declared: RouteSchema['security']) {
  if (declared) {
    return declared.map((entry) =>
      Object.fromEntries(Object.entries(entry).map(([name, scopes]) => [RENAMED_SCHEMES[name] ?? name, scopes])),
    );
  }
  const hooks = hooksOf(route) as unknown[];
  if (hooks.includes(app.requireScreen)) return screenSecurity;
  if (hooks.includes(app.requireStaff)) return staffSessionSecurity;
  return publicSecurity;
}

/**
 * Each route's schema as the document shows it: zod converted by fastify-type-provider-zod, plus
 * its operationId, its security, and the answers any route may give whatever it declares: 400
 * (plugins/input-guards.ts refuses a NUL in any path or query), 415 where it takes a body, and 5XX.
 */
function transformRoute(app: FastifyInstance) {
  return (input: TransformInput) => {
    const schema = (input.schema ?? {}) as RouteSchema;
    if (schema.hide) return jsonSchemaTransform(input);
    const route = input.route as RouteOptions;
    const methods = [route.method].flat();
    if (methods.length !== 1 && !schema.operationId) {
      throw new Error(`${methods.join(',')} ${input.url}: a route of several methods needs schema.operationId`);
    }
    const path = input.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const response: Json = { 400: errorBodySchema, ...schema.response };
    if (schema.body || schema.consumes) response[415] ??= errorBodySchema;
    response['5XX'] ??= errorBodySchema;
    const transformed = jsonSchemaTransform({ ...input, schema: { ...schema, response } as TransformInput['schema'] });
    return {
      ...transformed,
      schema: {
        ...transformed.schema,
        operationId: operationIdFor(methods[0]!, path, schema.operationId),
        security: securityOf(app, route, schema.security),
      },
    };
  };
}

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, Json> };
  responses?: Record<string, { description?: string; content?: Record<string, Json> }>;
}

/** The whole document's finishing: descriptions and examples of answers, and one name per operation. */
function finishDocument({ openapiObject }: { openapiObject: Json }) {
  const seen = new Map<string, string>();
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId;
      if (id && seen.has(id)) throw new Error(`operationId ${id} of ${where} is also ${seen.get(id)}'s`);
      if (id) seen.set(id, where);
      const requestExample = id ? REQUEST_EXAMPLES[id] : undefined;
      const json = operation.requestBody?.content?.['application/json'];
      if (requestExample && json) json.example = requestExample;
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response') answer.description = STATUS_DESCRIPTIONS[status] ?? 'Answer';
        const body = answer.content?.['application/json'];
        const example = ERROR_EXAMPLES[status];
        if (body && example && !body.example && isErrorBody(body.schema)) body.example = example;
      }
    }
  }
  return openapiObject;
}

/** Whether a converted schema is errorBodySchema's: an object of `message` and `code`. */
function isErrorBody(schema: unknown): boolean {
  const properties = (schema as { properties?: Json } | undefined)?.properties;
  return Boolean(properties && 'message' in properties && 'code' in properties && Object.keys(properties).length <= 3);
}

/**
 * OpenAPI 3.1 generated from the routes' zod schemas (decision 094), browsable at /api/docs and
 * read as JSON at /api/docs/json; apps/server/test/openapi-document.api.test.ts lints it.
 */
export default fp(
  async function docsPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'AdLoop API',
          description:
            'Advertising screens: staff dashboard and display player API. Errors answer `{ message, code, details? }` ' +
            '(packages/contract/src/api.ts).',
          version: '0.1.0',
        },
        servers: [{ url: '/', description: 'This AdLoop server' }],
        components: {
          securitySchemes: {
            staffToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: "A signed-in staff user's session token, from POST /api/auth/login",
            },
            integrationToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'adl_…',
              description:
                'An integration token (opaque, beginning `adl_`) that a company admin or a global admin creates ' +
                'under Settings, with scopes; it acts for its company within them',
            },
            screenToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                "A display screen's session token, from POST /api/screen-auth/authenticate or a claimed pairing code",
            },
          },
        },
      },
      transform: transformRoute(app),
      transformObject: finishDocument as never,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs', dependencies: ['auth', 'screen-auth'] },
);
