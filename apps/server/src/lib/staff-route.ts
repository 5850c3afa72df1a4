import type { Action, Resource } from '@adloop/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from './schemas.ts';

const bearer = [{ bearerAuth: [] }];

/**
 * Options of a module's staff routes: `guard('ads', 'read', { summary, …, response })` gives the
 * matrix's preHandlers, the module's OpenAPI tag, bearer security and the shared error responses.
 */
export function staffRoutes(app: FastifyInstance, tag: string) {
  return <S extends { response: object }>(resource: Resource, action: Action, schema: S) => ({
    preHandler: app.authorize(resource, action),
    schema: { tags: [tag], security: bearer, ...schema, response: { ...schema.response, ...errorResponses } },
  });
}
