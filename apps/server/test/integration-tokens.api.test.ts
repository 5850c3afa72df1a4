import { createHash } from 'node:crypto';
import { INTEGRATION_TOKEN_PATTERN } from '@adloop/contract/integration-tokens';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyUsers, integrationTokens, integrationTokenUses, users } from '../src/db/schema.ts';
import { createAd, createCompany, createOutlet, createPlay, createScreen } from './helpers/factories.ts';
import { createIntegrationToken, createTestAppWith } from './helpers/integration-tokens.ts';
import { bearer, signedIn, signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, type TestApp, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('integration tokens on %s', (kind) => {
  const t = useTestApp(kind);
  const call = staffRequests(t);
  let admin: string;
  let companyAdmin: { id: string; token: string };
  let otherCompanyAdmin: string;
  let ids: { companyA: string; companyB: string; adA: string; adB: string; outlet: string };

  beforeAll(async () => {
    const companyA = await createCompany(t.db, { name: 'Chai Point' });
    const companyB = await createCompany(t.db, { name: 'Rival Cola' });
    const outlet = await createOutlet(t.db);
    const screen = await createScreen(t.db, outlet.id);
    const adA = await createAd(t.db, companyA.id, { title: 'Masala chai' });
    const adB = await createAd(t.db, companyB.id, { title: 'Cola' });
    await createPlay(t.db, adA, screen);
    await createPlay(t.db, adA, screen);
    await createPlay(t.db, adB, screen);
    ids = { companyA: companyA.id, companyB: companyB.id, adA: adA.id, adB: adB.id, outlet: outlet.id };
    admin = await signInAs(t);
    companyAdmin = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId: companyA.id });
    otherCompanyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: companyB.id });
  });

  const withToken = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), payload });

  it('answers the secret once and keeps only its hash', async () => {
    const created = await createIntegrationToken(t.app, companyAdmin.token, {
      name: '  ERP nightly  ',
      scopes: ['playback_logs:read', 'analytics:read'],
    });
    expect(created.token).toMatch(INTEGRATION_TOKEN_PATTERN);
    expect(created).toMatchObject({
      name: 'ERP nightly',
      company_id: ids.companyA,
      company_name: 'Chai Point',
      created_by: companyAdmin.id,
      state: 'ACTIVE',
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      hint: `adl_…${created.token.slice(-4)}`,
    });
    const [row] = await t.db.select().from(integrationTokens).where(eq(integrationTokens.id, created.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));

    const listed = await call('GET', '/api/integration-tokens', companyAdmin.token);
    expect(listed.statusCode).toBe(200);
    const mine = listed.json().data.find((token: { id: string }) => token.id === created.id);
    expect(mine).toMatchObject({ id: created.id, hint: created.hint });
    expect(mine).not.toHaveProperty('token');
    expect(listed.body).not.toContain(created.token);
    const one = await call('GET', `/api/integration-tokens/${created.id}`, companyAdmin.token);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain(created.token);
  });

  it("reaches only its company's rows: another company's row is not found", async () => {
    const { token } = await createIntegrationToken(t.app, companyAdmin.token, {
      scopes: ['ads:read', 'playback_logs:read'],
    });
    const ads = await withToken('GET', '/api/ads?pageSize=100', token);
    expect(ads.statusCode, ads.body).toBe(200);
    const adIds = ads.json().data.map((ad: { id: string }) => ad.id);
    expect(adIds).toContain(ids.adA);
    expect(adIds).not.toContain(ids.adB);
    expect((await withToken('GET', `/api/ads/${ids.adA}`, token)).statusCode).toBe(200);
    const foreign = await withToken('GET', `/api/ads/${ids.adB}`, token);
    expect(foreign.statusCode).toBe(404);

    const plays = await withToken('GET', '/api/playback-logs', token);
    expect(plays.statusCode, plays.body).toBe(200);
    const playAds = plays.json().data.map((play: { ad_id: string }) => play.ad_id);
    expect(playAds.length).toBe(2);
    expect(new Set(playAds)).toEqual(new Set([ids.adA]));
  });

  it("narrows a global admin's company token to that company", async () => {
    const { token } = await createIntegrationToken(t.app, admin, { scopes: ['ads:read'], company_id: ids.companyB });
    const ads = await withToken('GET', '/api/ads?pageSize=100', token);
    expect(ads.json().data.map((ad: { id: string }) => ad.id)).toEqual([ids.adB]);
    expect((await withToken('GET', `/api/ads/${ids.adA}`, token)).statusCode).toBe(404);
    // A network-wide token of a global admin reaches every company's rows.
    const network = await createIntegrationToken(t.app, admin, { scopes: ['ads:read'] });
    expect(network.company_id).toBeNull();
    const all = await withToken('GET', '/api/ads?pageSize=100', network.token);
    expect(all.json().data.map((ad: { id: string }) => ad.id)).toEqual(expect.arrayContaining([ids.adA, ids.adB]));
  });

  it('is refused a route none of its scopes grants, with the scope it would need', async () => {
    const { token } = await createIntegrationToken(t.app, companyAdmin.token, { scopes: ['ads:read'] });
    const write = await withToken('PATCH', `/api/ads/${ids.adA}`, token, { title: 'Renamed' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ message: 'This integration token lacks the scope ads:write', code: 'FORBIDDEN' });
    const plays = await withToken('GET', '/api/playback-logs', token);
    expect(plays.statusCode).toBe(403);
    expect(plays.json().message).toBe('This integration token lacks the scope playback_logs:read');
    const spend = await withToken('GET', '/api/ad-transaction', token);
    expect(spend.statusCode).toBe(403);
    expect(spend.json().message).toBe('This integration token lacks the scope analytics:read');

    const writer = await createIntegrationToken(t.app, companyAdmin.token, { scopes: ['ads:write'] });
    const renamed = await withToken('PATCH', `/api/ads/${ids.adA}`, writer.token, { title: 'Masala chai, large' });
    // A running ad's edit waits for review (decision 090's revisions); the token may send it.
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('never manages tokens, nor reaches a person-only route', async () => {
    const { token } = await createIntegrationToken(t.app, admin, {
      scopes: ['ads:read', 'ads:write', 'screens:read', 'screens:write'],
    });
    for (const [method, url, payload] of [
      ['POST', '/api/integration-tokens', { name: 'Child', scopes: ['ads:read'] }],
      ['GET', '/api/integration-tokens', undefined],
      ['PATCH', '/api/auth/profile', { name: 'Robot' }],
      ['POST', '/api/auth/verify', undefined],
      ['GET', '/api/dashboard/summary', undefined],
      ['GET', '/api/users', undefined],
    ] as const) {
      const response = await withToken(method, url, token, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message, `${method} ${url}`).toMatch(/^Integration tokens cannot be used here/);
    }
  });

  it('is refused from the request after it is revoked', async () => {
    const created = await createIntegrationToken(t.app, companyAdmin.token, { scopes: ['ads:read'] });
    expect((await withToken('GET', '/api/ads', created.token)).statusCode).toBe(200);
    const revoked = await call('POST', `/api/integration-tokens/${created.id}/revoke`, companyAdmin.token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({ state: 'REVOKED', revoked_at: expect.any(String) });
    const after = await withToken('GET', '/api/ads', created.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      message: expect.stringMatching(/^This integration token was revoked at /),
      code: 'UNAUTHORIZED',
    });
    // Revoking again changes nothing; another company's admin does not find it.
    expect((await call('POST', `/api/integration-tokens/${created.id}/revoke`, admin)).json().data.revoked_at).toBe(
      revoked.json().data.revoked_at,
    );
    expect((await call('POST', `/api/integration-tokens/${created.id}/revoke`, otherCompanyAdmin)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/integration-tokens/${created.id}/uses`, otherCompanyAdmin)).statusCode).toBe(404);
  });

  it('stops at its expiry', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await createIntegrationToken(t.app, companyAdmin.token, {
      scopes: ['ads:read'],
      expires_at: expiresAt,
    });
    expect(created.expires_at).toBe(expiresAt);
    expect((await withToken('GET', '/api/ads', created.token)).statusCode).toBe(200);
    await t.db
      .update(integrationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationTokens.id, created.id));
    const after = await withToken('GET', '/api/ads', created.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/^This integration token expired at /);
    const listed = await call('GET', '/api/integration-tokens?state=EXPIRED', companyAdmin.token);
    expect(listed.json().data.map((token: { id: string }) => token.id)).toContain(created.id);
  });

  it("never holds more than its creator's rights", async () => {
    const beyond = await call('POST', '/api/integration-tokens', companyAdmin.token, {
      name: 'Venue sync',
      scopes: ['ads:read', 'screens:write'],
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toMatch(/screens:write/);
    expect(beyond.json().message).not.toMatch(/ads:read/);
    // A global admin's token for one company acts as that company's admin.
    const asCompany = await call('POST', '/api/integration-tokens', admin, {
      name: 'Venue sync',
      scopes: ['screens:write'],
      company_id: ids.companyA,
    });
    expect(asCompany.statusCode).toBe(403);
    expect(asCompany.json().message).toMatch(/screens:write/);
    const network = await call('POST', '/api/integration-tokens', admin, {
      name: 'Venue sync',
      scopes: ['screens:write'],
    });
    expect(network.statusCode).toBe(201);
    // A company admin names only their own company.
    const foreign = await call('POST', '/api/integration-tokens', companyAdmin.token, {
      name: 'Theirs',
      scopes: ['ads:read'],
      company_id: ids.companyB,
    });
    expect(foreign.statusCode).toBe(404);
    const networkWide = await call('POST', '/api/integration-tokens', companyAdmin.token, {
      name: 'Everything',
      scopes: ['ads:read'],
      company_id: null,
    });
    expect(networkWide.statusCode).toBe(400);
    expect(networkWide.json().details[0].path).toBe('company_id');
  });

  it('does not outlive its creator: deactivated, demoted or out of the company, the token stops', async () => {
    for (const change of ['deactivated', 'demoted', 'unmapped'] as const) {
      const creator = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId: ids.companyA });
      const { token } = await createIntegrationToken(t.app, creator.token, { scopes: ['ads:read'] });
      expect((await withToken('GET', '/api/ads', token)).statusCode).toBe(200);
      if (change === 'deactivated') await t.db.update(users).set({ isActive: false }).where(eq(users.id, creator.id));
      if (change === 'demoted')
        await t.db.update(users).set({ role: 'COMPANY_EMPLOYEE' }).where(eq(users.id, creator.id));
      if (change === 'unmapped') await t.db.delete(companyUsers).where(eq(companyUsers.userId, creator.id));
      const after = await withToken('GET', '/api/ads', token);
      expect(after.statusCode, change).toBe(401);
      expect(after.json().message, change).toMatch(/^The account that created this integration token/);
    }
    // Until a creator with a temporary password changes it, the token has no more rights than they have.
    const creator = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId: ids.companyA });
    const { token } = await createIntegrationToken(t.app, creator.token, { scopes: ['ads:read'] });
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, creator.id));
    const gated = await withToken('GET', '/api/ads', token);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('is created by admins only', async () => {
    for (const role of ['COMPANY_EMPLOYEE', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE'] as const) {
      const session = await signInAs(
        t,
        role,
        role.startsWith('COMPANY') ? { companyId: ids.companyA } : { outletIds: [ids.outlet] },
      );
      const created = await call('POST', '/api/integration-tokens', session, { name: 'Mine', scopes: ['ads:read'] });
      expect(created.statusCode, role).toBe(403);
      expect(created.json().message, role).toBe('Only company admins and global admins manage integration tokens');
      expect((await call('GET', '/api/integration-tokens', session)).statusCode, role).toBe(403);
    }
    expect((await call('GET', '/api/integration-tokens')).statusCode).toBe(401);
  });

  it("lists a company admin's company's tokens only; a global admin's all", async () => {
    const mine = await createIntegrationToken(t.app, companyAdmin.token, { scopes: ['ads:read'] });
    const theirs = await createIntegrationToken(t.app, otherCompanyAdmin, { scopes: ['ads:read'] });
    const listed = (await call('GET', '/api/integration-tokens?pageSize=100', companyAdmin.token)).json();
    const listedIds = listed.data.map((token: { id: string }) => token.id);
    expect(listedIds).toContain(mine.id);
    expect(listedIds).not.toContain(theirs.id);
    expect(listed.data.every((token: { company_id: string }) => token.company_id === ids.companyA)).toBe(true);
    expect((await call('GET', `/api/integration-tokens/${theirs.id}`, companyAdmin.token)).statusCode).toBe(404);
    const all = (await call('GET', '/api/integration-tokens?pageSize=100', admin)).json();
    expect(all.data.map((token: { id: string }) => token.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('audits every use: method, route, answer and address; last use written', async () => {
    const created = await createIntegrationToken(t.app, companyAdmin.token, { scopes: ['ads:read'] });
    await withToken('GET', `/api/ads/${ids.adA}`, created.token);
    await withToken('GET', `/api/ads/${ids.adB}`, created.token);
    await withToken('PATCH', `/api/ads/${ids.adA}`, created.token, { title: 'No' });
    await withToken('GET', '/api/ads?page=abc', created.token);
    await t.app.integrationTokenAudit.flush();
    const uses = await call('GET', `/api/integration-tokens/${created.id}/uses`, companyAdmin.token);
    expect(uses.statusCode, uses.body).toBe(200);
    const rows = uses.json().data as Array<{ method: string; route: string; status_code: number; ip: string }>;
    expect(uses.json().meta.total).toBe(4);
    expect(rows.map(({ method, route, status_code }) => ({ method, route, status_code }))).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/api/ads/:id', status_code: 200 },
        { method: 'GET', route: '/api/ads/:id', status_code: 404 },
        { method: 'PATCH', route: '/api/ads/:id', status_code: 403 },
        { method: 'GET', route: '/api/ads', status_code: 400 },
      ]),
    );
    expect(rows[0]!.ip).toBe('127.0.0.1');
    const [row] = await t.db.select().from(integrationTokens).where(eq(integrationTokens.id, created.id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    // Within the minute, a further use is audited but last_used_at is not written again.
    await withToken('GET', `/api/ads/${ids.adA}`, created.token);
    await t.app.integrationTokenAudit.flush();
    const [again] = await t.db.select().from(integrationTokens).where(eq(integrationTokens.id, created.id));
    expect(again!.lastUsedAt).toEqual(row!.lastUsedAt);
    const listed = await call('GET', `/api/integration-tokens/${created.id}`, companyAdmin.token);
    expect(listed.json().data.last_used_at).toBe(row!.lastUsedAt!.toISOString());
    const stored = await t.db.select().from(integrationTokenUses).where(eq(integrationTokenUses.tokenId, created.id));
    expect(stored).toHaveLength(5);
  });

  it('refuses bad input with a message naming the problem', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const cases: Array<[object, string, RegExp]> = [
      [{ name: '   ', scopes: ['ads:read'] }, 'name', /Name is required/],
      [{ name: 'x'.repeat(101), scopes: ['ads:read'] }, 'name', /at most 100/],
      [{ name: 'A', scopes: [] }, 'scopes', /at least one scope/],
      [{ name: 'A', scopes: ['ads:admin'] }, 'scopes.0', /Unknown scope "ads:admin"/],
      [{ name: 'A', scopes: ['ads:read', 'ads:read'] }, 'scopes', /named once/],
      [{ name: 'A', scopes: 'ads:read' }, 'scopes', /list of scope names/],
      [{ name: 'A', scopes: ['ads:read'], expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', /in the future/],
      [{ name: 'A', scopes: ['ads:read'], expires_at: 'tomorrow' }, 'expires_at', /ISO 8601/],
      [{ name: 'A', scopes: ['ads:read'], expires_at: '9999-01-01T00:00:00Z' }, 'expires_at', /days ahead/],
      [{ name: 'A', scopes: ['ads:read'], expires_at: future, token: 'mine' }, '', /token/],
    ];
    for (const [body, path, message] of cases) {
      const response = await call('POST', '/api/integration-tokens', companyAdmin.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const details = response.json().details as Array<{ path: string; message: string }>;
      const detail = details.find((d) => d.path === path);
      expect(detail?.message ?? response.json().message, JSON.stringify(body)).toMatch(message);
    }
    const malformed = await withToken('GET', '/api/ads', 'adl_short');
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().message).toMatch(/^This integration token is malformed/);
    const unknown = await withToken('GET', '/api/ads', `adl_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toMatch(/^Unknown integration token/);
    expect((await call('GET', '/api/integration-tokens/not-a-uuid', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/integration-tokens?state=GONE', admin)).statusCode).toBe(400);
  });

  it("exports its company's plays as CSV, and the link dies with the token", async () => {
    const created = await createIntegrationToken(t.app, companyAdmin.token, { scopes: ['playback_logs:read'] });
    const ticket = await withToken('POST', '/api/playback-logs/exports', created.token, {});
    expect(ticket.statusCode, ticket.body).toBe(200);
    const url = ticket.json().data.url as string;
    const csv = await t.app.inject({ method: 'GET', url });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(csv.body).not.toContain('Cola');
    await call('POST', `/api/integration-tokens/${created.id}/revoke`, companyAdmin.token);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('integration token rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestAppWith(kind, { requestsPerMinute: 3 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After past its requests a minute, and audits it', async () => {
    const company = await createCompany(t.db);
    const session = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
    const created = await createIntegrationToken(t.app, session, { scopes: ['ads:read'] });
    const other = await createIntegrationToken(t.app, session, { scopes: ['ads:read'] });
    for (let n = 0; n < 3; n += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/ads', headers: bearer(created.token) })).statusCode).toBe(
        200,
      );
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/ads', headers: bearer(created.token) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/more than 3 requests in a minute/),
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(20);
    // Each token counts on its own.
    expect((await t.app.inject({ method: 'GET', url: '/api/ads', headers: bearer(other.token) })).statusCode).toBe(200);
    await t.app.integrationTokenAudit.flush();
    const uses = await t.db.select().from(integrationTokenUses).where(eq(integrationTokenUses.tokenId, created.id));
    expect(uses.map((use) => use.statusCode).sort()).toEqual([200, 200, 200, 429]);
  });
});
