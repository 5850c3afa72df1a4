import { describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('HTTP surface on %s', (kind) => {
  const t = useTestApp(kind);

  it('health reports the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'ok',
      database: { kind, ok: true },
      bus: { kind: 'in-process', connected: true },
    });
  });

  it('unknown API paths answer a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/does-not-exist not found', code: 'NOT_FOUND' });
  });

  it('sends JSON answers with a policy that lets nothing load or frame them', async () => {
    for (const url of ['/api/health', '/api/does-not-exist']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('sends the API docs with a content security policy of their own', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves OpenAPI generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/verify', '/api/health']),
    );
    expect(spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
  });

  it('limits sign-in attempts per IP across accounts', async () => {
    const user = await createUser(t.db);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 70; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        payload: { email: `spray${attempt}@example.com`, password: user.password },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
  });
});
