import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every answer an API test's app gives is held to the OpenAPI document (decision 094): its status
 * must be one the operation documents, its Content-Type one documented for that status, and a
 * JSON body must match the documented schema. A mismatch does not change the answer; it is kept
 * here and api-setup.ts fails the test that made the request (`takeResponseMismatches`).
 *
 * Answers of no documented operation (an unknown path's 404, the web app, hidden routes such as
 * /metrics and the docs themselves, HEAD) are not judged. A body sent compressed, a stream or
 * bytes is judged by status and Content-Type only, as is any answer that is not JSON.
 */

interface MediaType {
  schema?: object;
}
interface DocumentedResponse {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, DocumentedResponse>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const mismatches: string[] = [];
let judged = 0;

/** How many answers were judged against an operation of the document so far (a test sees that the check runs). */
export const judgedResponses = () => judged;

/** The mismatches seen since the last call, emptied. */
export function takeResponseMismatches(): string[] {
  return mismatches.splice(0);
}

const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
// OpenAPI's own annotations, not JSON Schema's.
ajv.addKeyword('example');
/** Compiled once per distinct schema, across every app the test process builds (each app's document is its own objects). */
const compiled = new Map<string, ValidateFunction>();
const bySchemaObject = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  let validate = bySchemaObject.get(schema);
  if (validate) return validate;
  const key = JSON.stringify(schema);
  validate = compiled.get(key) ?? ajv.compile(schema);
  compiled.set(key, validate);
  bySchemaObject.set(schema, validate);
  return validate;
}

/** `/api/ads/:id` as the document writes it: `/api/ads/{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function documentedResponse(operation: Operation, status: number): DocumentedResponse | undefined {
  const responses = operation.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

const mediaTypeOf = (header: unknown) =>
  typeof header === 'string' ? header.split(';')[0]!.trim().toLowerCase() : undefined;

/** What is wrong with this answer by the document, or undefined when it agrees (or is not the document's to judge). */
export function responseProblem(
  document: Document,
  request: Pick<FastifyRequest, 'method' | 'url' | 'routeOptions'>,
  reply: Pick<FastifyReply, 'statusCode' | 'getHeader'>,
  payload: unknown,
): string | undefined {
  const url = request.routeOptions.url;
  if (!url) return undefined;
  const operation = document.paths[documentPath(url)]?.[request.method.toLowerCase()];
  if (!operation) return undefined;
  judged += 1;
  const where = `${request.method} ${request.url.split('?')[0]} (${operation.operationId ?? url})`;
  const status = reply.statusCode;
  const documented = documentedResponse(operation, status);
  if (!documented) {
    const listed = Object.keys(operation.responses ?? {}).join(', ');
    return `${where} answered ${status}, which the document does not list (it lists ${listed}): ${preview(payload)}`;
  }
  // Fastify drops the body of a 204 or 304 as it sends it (the route's `null` serialises to "null" first).
  const empty =
    status === 204 ||
    status === 304 ||
    payload === undefined ||
    payload === null ||
    payload === '' ||
    isEmptyBuffer(payload);
  if (!documented.content) {
    return empty
      ? undefined
      : `${where} answered ${status} with a body, where the document has none: ${preview(payload)}`;
  }
  if (empty) return undefined;
  const mediaType = mediaTypeOf(reply.getHeader('content-type'));
  const media = mediaType ? documented.content[mediaType] : undefined;
  if (!media) {
    const listed = Object.keys(documented.content).join(', ');
    return `${where} answered ${status} as ${mediaType ?? 'no Content-Type'}, where the document has ${listed}`;
  }
  if (mediaType !== 'application/json' || !media.schema) return undefined;
  if (typeof payload !== 'string' || reply.getHeader('content-encoding')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return `${where} answered ${status} as JSON that does not parse: ${preview(payload)}`;
  }
  const validate = validatorOf(media.schema);
  if (validate(body)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(body)'} ${error.message}${paramsText(error.params)}`)
    .join('; ');
  return `${where} answered ${status} with a body its documented schema refuses: ${errors}. Body: ${preview(payload)}`;
}

function paramsText(params: Record<string, unknown>): string {
  const entries = Object.entries(params);
  return entries.length ? ` (${entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')})` : '';
}

const isEmptyBuffer = (payload: unknown) => Buffer.isBuffer(payload) && payload.length === 0;

function preview(payload: unknown): string {
  if (typeof payload === 'string') return payload.length > 300 ? `${payload.slice(0, 300)}…` : payload;
  if (Buffer.isBuffer(payload)) return `<${payload.length} bytes>`;
  return payload === undefined || payload === null ? '<no body>' : '<stream>';
}

/**
 * Holds every answer of `app` to its OpenAPI document from now on; call before `app.ready()`.
 * The hook runs last of the onSend hooks (it is added last), so it sees the bytes the client gets.
 */
export function validateResponses(app: FastifyInstance): void {
  let document: Document | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    document ??= app.swagger() as unknown as Document;
    const problem = responseProblem(document, request, reply, payload);
    if (problem) mismatches.push(problem);
    return payload;
  });
}
