import swagger from '@fastify/swagger';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import fastify, { type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  judgedResponses,
  responseProblem,
  takeResponseMismatches,
  validateResponses,
} from './helpers/response-validation.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

/**
 * The warnings Redocly's recommended rules still give, each a kind decision 094 explains: the
 * project has chosen no licence to name, and a scanned QR link answers a redirect, never a 2XX.
 */
const ACCEPTED_WARNINGS = ['info-license #/info', 'operation-2xx-response #/paths/~1r~1{code}/get/responses'];

const operationsOf = (paths: Paths) =>
  Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, operation })),
  );

/** The OpenAPI document is one a client generator can trust (decision 094). */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let source: string;
  let doc: { openapi: string; servers?: unknown[]; paths: Paths; components: { securitySchemes: object } };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    source = response.body;
    doc = response.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("passes Redocly's recommended rules with no error, and only the warnings accepted", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: '/api/docs/json', config });
    const readable = (severity: string) =>
      problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(readable('error'), 'errors').toEqual([]);
    expect(
      problems
        .filter((problem) => problem.severity === 'warn')
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`)
        .sort(),
      `warnings:\n${readable('warn').join('\n')}`,
    ).toEqual([...ACCEPTED_WARNINGS].sort());
  });

  it('is OpenAPI 3.1 served from this server, with the three token schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/', description: 'This AdLoop server' }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'integrationToken',
      'screenToken',
      'staffToken',
    ]);
    expect(source).not.toContain('"nullable"');
  });

  it('names every operation once, in camelCase, and says how each is authenticated', () => {
    const operations = operationsOf(doc.paths);
    expect(operations.length).toBeGreaterThan(100);
    const seen = new Map<string, string>();
    for (const { where, operation } of operations) {
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(seen.get(operation.operationId!), `${where} shares its operationId`).toBeUndefined();
      seen.set(operation.operationId!, where);
      expect(Array.isArray(operation.security), `${where} declares its security`).toBe(true);
      expect(
        Object.keys(operation.responses).some((status) => /^4/.test(status)),
        `${where} documents a 4xx`,
      ).toBe(true);
    }
  });

  it('secures staff routes by session or integration token, screen routes by the screen token, public ones by none', () => {
    const security = (method: string, path: string) => doc.paths[path]![method]!.security;
    const staff = [{ staffToken: [] }, { integrationToken: [] }];
    expect(security('get', '/api/ads')).toEqual(staff);
    expect(security('post', '/api/ads/media')).toEqual(staff);
    expect(security('patch', '/api/auth/profile')).toEqual([{ staffToken: [] }]);
    expect(security('post', '/api/auth/logout')).toEqual([{ staffToken: [] }]);
    expect(security('get', '/api/screen-auth/ads')).toEqual([{ screenToken: [] }]);
    expect(security('post', '/api/playback-logs/log')).toEqual([{ screenToken: [] }]);
    expect(security('post', '/api/auth/login')).toEqual([]);
    expect(security('get', '/api/health')).toEqual([]);
    expect(security('get', '/api/playback-logs/export.csv')).toEqual([]);
  });

  it('is public on the operations meant to be, and no other', () => {
    const open = operationsOf(doc.paths)
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ operation }) => operation.operationId)
      .sort();
    expect(open).toEqual(
      [
        'pollPairingSession',
        'createPairingCode',
        'exportPlaybackLogsCsv',
        'followTrackedLink',
        'getCurrentRateCard',
        'getHealth',
        'getInvitation',
        'login',
        'setPasswordByInvitation',
        'signInScreen',
      ].sort(),
    );
  });

  it('keeps its operationIds: a rename or a new operation is a deliberate change of this list', async () => {
    const list = operationsOf(doc.paths)
      .map(({ where, operation }) => `${operation.operationId} ${where}`)
      .sort()
      .join('\n');
    await expect(`${list}\n`).toMatchFileSnapshot('./openapi-operation-ids.txt');
  });

  it("is what every API test's answers are held to", async () => {
    const before = judgedResponses();
    const response = await t.app.inject({ method: 'GET', url: '/api/ads' });
    expect(response.statusCode).toBe(401);
    expect(judgedResponses()).toBe(before + 1);
  });

  it('leaves hidden routes out', () => {
    expect(doc.paths['/metrics']).toBeUndefined();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });
});

/** The harness's check of answers against the document (helpers/response-validation.ts) catches a route that breaks it. */
describe('validating answers against the document', () => {
  it('reports an undocumented status, a body its schema refuses and an undocumented Content-Type', async () => {
    const app = fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, {
      openapi: { openapi: '3.1.0', info: { title: 'throwaway', version: '0' } },
      transform: jsonSchemaTransform,
    });
    const thing = z.object({ count: z.number().int(), name: z.string().nullable() });
    const schema = { operationId: 'getThing', response: { 200: thing, 404: z.object({ message: z.string() }) } };
    // Sent as text, past the serializer: as a route that caches its JSON does (screen-auth.routes.ts).
    app.get('/wrong-body', { schema }, (_request, reply) =>
      reply.type('application/json').send('{"count":"three","name":null}'),
    );
    app.get('/wrong-status', { schema }, (_request, reply) =>
      (reply as FastifyReply).code(418).send({ message: 'teapot' }),
    );
    app.get('/wrong-type', { schema }, (_request, reply) => reply.type('text/plain').send('three'));
    app.get('/right', { schema }, async () => ({ count: 3, name: null }));
    validateResponses(app);
    await app.ready();
    try {
      for (const url of ['/wrong-body', '/wrong-status', '/wrong-type', '/right']) await app.inject({ url });
      const found = takeResponseMismatches();
      expect(found).toHaveLength(3);
      expect(found[0]).toMatch(/GET \/wrong-body .*schema refuses: \/count must be integer/);
      expect(found[1]).toMatch(/GET \/wrong-status .*answered 418, which the document does not list/);
      expect(found[2]).toMatch(/GET \/wrong-type .*as text\/plain, where the document has application\/json/);
    } finally {
      await app.close();
    }
  });

  it("holds the test apps' answers to their document: one that breaks it is reported", async () => {
    const other = await createTestApp('pglite');
    try {
      // The app's document, cached by @fastify/swagger, as the check reads it: health's answer now lacks a field.
      const document = other.app.swagger() as unknown as { paths: Paths };
      const health = document.paths['/api/health']!.get!.responses['200'] as { content: Record<string, object> };
      health.content['application/json'] = { schema: { type: 'object', required: ['missing_field'] } };
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const found = takeResponseMismatches();
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/GET \/api\/health \(getHealth\) answered 200 .*required property 'missing_field'/);
    } finally {
      await other.close();
    }
  });

  it('judges by status ranges and leaves what no operation documents alone', () => {
    const document = {
      paths: { '/things/{id}': { get: { responses: { 200: {}, '5XX': { content: { 'application/json': {} } } } } } },
    };
    const request = (url: string | undefined) => ({ method: 'GET', url: '/things/1', routeOptions: { url } }) as never;
    const reply = (statusCode: number) => ({ statusCode, getHeader: () => 'application/json' }) as never;
    expect(responseProblem(document, request('/things/:id'), reply(503), '{"message":"busy"}')).toBeUndefined();
    expect(responseProblem(document, request('/things/:id'), reply(200), '')).toBeUndefined();
    expect(responseProblem(document, request('/things/:id'), reply(200), '{}')).toMatch(
      /with a body, where the document has none/,
    );
    expect(responseProblem(document, request(undefined), reply(404), '{}')).toBeUndefined();
  });
});
