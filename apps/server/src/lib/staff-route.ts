import { idParamsSchema, listOf, one } from '@adloop/contract/common';
import type { Action, Resource } from '@adloop/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from './context.ts';
import type { Page } from './list-query.ts';
import { errorResponses, staffSecurity, staffSessionSecurity } from './schemas.ts';

/**
 * Options of a module's staff routes: `guard('ads', 'read', { summary, …, response })` gives the
 * matrix's preHandlers, the module's OpenAPI tag, its security (a staff session or an integration
 * token; the caller's own `profile` a session only) and the shared error responses.
 */
export function staffRoutes(app: FastifyInstance, tag: string) {
  return <S extends { response: object }>(resource: Resource, action: Action, schema: S) => ({
    preHandler: app.authorize(resource, action),
    schema: {
      tags: [tag],
      security: resource === 'profile' ? staffSessionSecurity : staffSecurity,
      ...schema,
      response: { ...schema.response, ...errorResponses },
    },
  });
}

type Row<S extends z.ZodType> = z.output<S>;
/** The path parameter naming one row: `{ id: uuid }` for most resources, a pincode's `{ code }`. */
type KeyParams = z.ZodObject<Record<string, z.ZodType<string>>>;
type ByKey = { Params: Record<string, string> };

/**
 * The usual routes of one resource at its base path: a page of rows (GET /), one row (GET /:id),
 * create (POST /), edit (PATCH /:id) and delete (DELETE /:id), each a call of its service with
 * the request's context. `params` names and checks the row's key (a UUID `id` unless given). The
 * signatures tie each service's answer to the row schema declared; a module registers the ones
 * it has and writes any other route in full.
 */
export function resourceRoutes<R extends z.ZodType>(
  app: FastifyInstance,
  tag: string,
  resource: Resource,
  row: R,
  params: KeyParams = idParamsSchema,
) {
  const guard = staffRoutes(app, tag);
  const [key, ...more] = Object.keys(params.shape);
  if (!key || more.length > 0) throw new Error(`resourceRoutes(${resource}): params must name one key`);
  const path = `/:${key}`;
  const keyOf = (request: { params: Record<string, string> }) => request.params[key]!;
  return {
    /** The options of a further route of this module. */
    guard,
    list<Q extends z.ZodType>(
      summary: string,
      querystring: Q,
      list: (ctx: ServiceContext, query: z.output<Q>) => Promise<Page<Row<R>>>,
    ) {
      app.get('/', guard(resource, 'read', { summary, querystring, response: { 200: listOf(row) } }), (request) =>
        list(request.ctx, request.query as z.output<Q>),
      );
    },
    one(summary: string, find: (ctx: ServiceContext, id: string) => Promise<Row<R>>) {
      app.get<ByKey>(
        path,
        guard(resource, 'read', { summary, params, response: { 200: one(row) } }),
        async (request) => ({ data: await find(request.ctx, keyOf(request)) }),
      );
    },
    /** `answer` when what a create answers is more than the row (a passcode shown once). */
    create<B extends z.ZodType, A extends z.ZodType = R>(
      summary: string,
      body: B,
      create: (ctx: ServiceContext, input: z.output<B>) => Promise<Row<A>>,
      answer?: A,
    ) {
      app.post(
        '/',
        guard(resource, 'create', { summary, body, response: { 201: one(answer ?? row) } }),
        async (request, reply) =>
          reply.code(201).send({ data: await create(request.ctx, request.body as z.output<B>) }),
      );
    },
    update<B extends z.ZodType>(
      summary: string,
      body: B,
      update: (ctx: ServiceContext, id: string, change: z.output<B>) => Promise<Row<R>>,
    ) {
      app.patch<ByKey>(
        path,
        guard(resource, 'update', { summary, params, body, response: { 200: one(row) } }),
        async (request) => ({
          data: await update(request.ctx, keyOf(request), request.body as z.output<B>),
        }),
      );
    },
    remove(summary: string, remove: (ctx: ServiceContext, id: string) => Promise<unknown>) {
      app.delete<ByKey>(
        path,
        guard(resource, 'delete', { summary, params, response: { 204: z.null() } }),
        async (request, reply) => {
          await remove(request.ctx, keyOf(request));
          return reply.code(204).send(null);
        },
      );
    },
  };
}
