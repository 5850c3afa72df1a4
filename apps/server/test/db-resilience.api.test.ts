import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInAs } from './helpers/sign-in.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 14: PostgreSQL going away under load must not end the process. Requests answer 503
 * quickly while it is away, health says why, and the same process answers 200 when it is back.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL outage', () => {
  let t: TestApp;
  let admin: pg.Client;
  let databaseName: string;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const result = await t.db.execute<{ name: string }>(sql`select current_database() as name`);
    databaseName = (result as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '';
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
  });
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await admin.query(`alter database ${databaseName} with allow_connections true`);
    await admin.end();
    await t.close();
  });

  it('answers 503 with Retry-After while the database is away, and 200 again when it returns, in the same process', async () => {
    expect(databaseName).toMatch(/^adloop_test_/);
    const token = await signInAs(t);
    const listCompanies = () => t.app.inject({ method: 'GET', url: '/api/ad-company', headers: bearer(token) });
    expect((await listCompanies()).statusCode).toBe(200);
    // A recent ok ping must not stand in for a failing one (health answers from the last ping only while its own waits).
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Load in flight while every connection of the database is cut and no new one is allowed.
    const inFlight = Array.from({ length: 20 }, () => listCompanies());
    await admin.query(`alter database ${databaseName} with allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [databaseName]);
    const duringCut = await Promise.all(inFlight);
    for (const response of duringCut) expect([200, 503], response.body).toContain(response.statusCode);

    const down = await listCompanies();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data.database.ok).toBe(false);

    await admin.query(`alter database ${databaseName} with allow_connections true`);
    await expect.poll(async () => (await listCompanies()).statusCode, { timeout: 15_000 }).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(crashes).toEqual([]);
  });
});
