import type { ErrorBody } from '@adloop/contract/api';
import type { ErrorCode } from '@adloop/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { HttpError } from '../lib/http-error.ts';

/** How long a client waits before retrying while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own error codes mapped to ours, so malformed input is a clear 4xx, never a 500. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is empty but Content-Type is JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'BAD_REQUEST' },
  FST_ERR_VALIDATION: { code: 'VALIDATION_FAILED' },
};

const CUT_SHORT =
  'The multipart body ended early: it was cut short, or its parts are not delimited by the boundary its Content-Type names';

/** @fastify/multipart's limits: a form with more parts than one file is malformed for every route that takes one. */
const MULTIPART_CODES: Record<string, string> = {
  FST_PARTS_LIMIT: 'The form has too many parts: send one field "file"',
  FST_FILES_LIMIT: 'The form has more than one file: send one field "file"',
  FST_FIELDS_LIMIT: 'The form has too many fields: send one field "file"',
  FST_INVALID_JSON_FIELD_ERROR: 'A form field sent as application/json is not valid JSON',
};

/** busboy's parse errors carry no code, so their messages name them (http-fuzz.api.test.ts holds each to a 400). */
const MULTIPART_MESSAGES: Array<[RegExp, string]> = [
  [
    /^Multipart: Boundary not found$/,
    'The multipart body has no boundary: send Content-Type: multipart/form-data; boundary=…',
  ],
  [/^Unexpected end of multipart data$/, CUT_SHORT],
  [/ terminated early due to unexpected end of multipart data$/, CUT_SHORT],
  [/^The needle cannot /, 'The multipart boundary must be 1 to 70 characters'],
];

/** The 400 message for a malformed multipart body, or undefined for any other error. */
function multipartProblem(error: FastifyError): string | undefined {
  if (error.code && MULTIPART_CODES[error.code]) return MULTIPART_CODES[error.code];
  if (error.statusCode || error.code) return undefined;
  return MULTIPART_MESSAGES.find(([pattern]) => pattern.test(error.message))?.[1];
}

/**
 * The client closed the connection before its body arrived: nobody is left to read the answer.
 * Before the database check, which would take this ECONNRESET for a lost database (503, a warning).
 */
const clientWentAway = (error: FastifyError) => error.code === 'ECONNRESET' && error.message === 'aborted';

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/** One error handler: logs with the request's context, hides 5xx details, answers `{ message, code }`. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        const body: ErrorBody = { message: error.message, code: error.code };
        if (error.details) body.details = error.details;
        return reply.code(error.statusCode).send(body);
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => {
          const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const path = [error.validationContext, where].filter(Boolean).join('.');
          return { path, message: issue.message ?? 'is invalid' };
        });
        const first = details[0];
        const message = first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request';
        return reply.code(400).send({ message, code: 'VALIDATION_FAILED', details } satisfies ErrorBody);
      }

      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' } satisfies ErrorBody);
      }

      const multipart = multipartProblem(error);
      if (multipart) {
        request.log.info({ err: error }, 'malformed multipart body');
        return reply.code(400).send({ message: multipart, code: 'BAD_REQUEST' } satisfies ErrorBody);
      }

      if (clientWentAway(error)) {
        request.log.info({ err: error }, 'client closed the request before its body arrived');
        return reply
          .code(400)
          .send({ message: 'The request was closed before its body arrived', code: 'BAD_REQUEST' } satisfies ErrorBody);
      }

      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({
            message: 'The database is unavailable for a moment; nothing was changed. Try again shortly.',
            code: 'SERVICE_UNAVAILABLE',
          } satisfies ErrorBody);
      }

      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ message: 'Internal server error', code: 'INTERNAL' } satisfies ErrorBody);
      }
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      request.log.info({ err: error }, 'request rejected');
      return reply.code(status).send({
        message: known?.message ?? error.message,
        code: known?.code ?? codeForStatus(status),
      } satisfies ErrorBody);
    });
  },
  { name: 'errors' },
);
