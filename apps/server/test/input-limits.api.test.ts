import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutlet, createUser, mapUser } from './helpers/factories.ts';
import { loginAs, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/** Issue 10: ranges and pages are capped with a 400 naming the limit; malformed input is a 400, never a 500. */
describe.each(databaseKinds)('input limits on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let outletEmployee: string;

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    admin = await signInAs(t);
    const outlet = await createOutlet(t.db);
    const employee = await createUser(t.db, { role: 'OUTLET_EMPLOYEE' });
    await mapUser(t.db, employee.id, { outletIds: [outlet.id] });
    outletEmployee = await loginAs(t.app, employee);
  });

  afterAll(async () => {});

  it('refuses an analytics range of more than 366 days, naming the limit, for any role', async () => {
    const asOutletEmployee = [
      '/api/analytics/overview?from=2000-01-01&to=2999-12-31',
      '/api/analytics/overview?from=2025-01-01&to=2026-01-02',
      '/api/screen-activity/uptime?from=2020-01-01&to=2026-01-01',
    ];
    const asAdmin = [
      '/api/ad-transaction/spend?from=2024-01-01&to=2026-01-01',
      '/api/analytics/variants?ad_id=00000000-0000-4000-8000-000000000000&from=2024-01-01&to=2026-01-01',
    ];
    for (const [url, token] of [
      ...asOutletEmployee.map((url) => [url, outletEmployee]),
      ...asAdmin.map((url) => [url, admin]),
    ]) {
      const response = await get(url!, token!);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toContain('366 days');
    }
    const year = await get('/api/analytics/overview?from=2025-01-01&to=2026-01-01', outletEmployee);
    expect(year.statusCode).toBe(200);
  });

  it('refuses a payout period or proposal longer than 366 days', async () => {
    const response = await get(
      '/api/screen-payout/proposal?outlet_id=00000000-0000-4000-8000-000000000000&period_start=2024-01-01&period_end=2026-01-01',
      admin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('366 days');
  });

  it('caps page size and page depth with a 400 naming the limit', async () => {
    const size = await get('/api/ads?pageSize=1000', admin);
    expect(size.statusCode).toBe(400);
    expect(size.json().details[0].path).toBe('querystring.pageSize');
    const depth = await get('/api/ads?page=1000000', admin);
    expect(depth.statusCode).toBe(400);
    expect(depth.json().message).toContain('10000');
  });

  it('answers malformed input with a 400 that names the field', async () => {
    const cases: Array<[string, string]> = [
      ['/api/ads?q=a%00b', 'querystring.q'],
      ['/api/analytics/overview?from=2026-02-30&to=2026-03-01', 'querystring.from'],
      ['/api/analytics/overview?from=0000-01-01&to=2026-03-01', 'querystring.from'],
      ['/api/ad-transaction?to=9999-12-31', 'querystring.to'],
      ['/api/ad-transaction?sort=__proto__', 'sort'],
      ['/api/ads/00000000-0000-4000-8000-000000000000/versions/2147483648/rollback', 'params.version'],
    ];
    for (const [url, path] of cases) {
      const response = await t.app.inject({
        method: url.includes('rollback') ? 'POST' : 'GET',
        url,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(response.json().details), url).toContain(path);
    }
    const nulBody = await t.app.inject({
      method: 'POST',
      url: '/api/screen-auth/authenticate',
      payload: { screen_code: 'SCR\u0000-1', pass_code: '123456' },
    });
    expect(nulBody.statusCode).toBe(400);
    expect(nulBody.json().details[0].path).toBe('body.screen_code');
    // A lone surrogate is no character: PostgreSQL refuses it in JSON (a 500 from a heartbeat's additional_info).
    const brokenText = await t.app.inject({
      method: 'POST',
      url: '/api/screen-auth/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"screen_code":"SCR-1","pass_code":"123456","extra":{"\\ud800":"x"}}',
    });
    expect(brokenText.statusCode).toBe(400);
    expect(brokenText.json().message).toContain('broken Unicode');
  });
});
