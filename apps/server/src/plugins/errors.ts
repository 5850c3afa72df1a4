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
