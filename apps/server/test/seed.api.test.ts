import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, screens } from '../src/db/schema.ts';
import { verifySecret } from '../src/modules/auth/passwords.ts';
import { DEMO_SCREEN_CODE, DEMO_STAFF, type SeedResult, seedOnFirstStart } from '../src/seed/seed.ts';
import { bearer, loginAs } from './helpers/sign-in.ts';
import { createTestApp, databaseKinds, type TestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('first start on %s', (kind) => {
  let t: TestApp;
  let webDistDir: string;
  let seed: SeedResult | null;
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'adloop-web-'));
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp(kind, { webDistDir });
    seed = await seedOnFirstStart(t.db, {
      adminEmail: 'Owner@Example.com',
      seedDemo: true,
      demoScreenPasscode: '246810',
      mediaDir: t.mediaDir,
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('seeds an admin with a generated password that signs in', async () => {
    expect(seed?.admin).toMatchObject({ email: 'owner@example.com', generated: true });
    expect(seed?.admin.password.length).toBeGreaterThanOrEqual(12);
    const token = await loginAs(t.app, { email: 'owner@example.com', password: seed!.admin.password });
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(token) });
    expect(verify.json().data.user.role).toBe('GLOBAL_ADMIN');
  });

  it('seeds the demo screen with the given passcode, hashed', async () => {
    expect(seed?.screen).toEqual({ screenCode: DEMO_SCREEN_CODE, passcode: '246810', generated: false });
    const [screen] = await t.db.select().from(screens);
    expect(screen?.passcodeHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(screen?.passcodeHash, '246810')).toBe(true);
  });

  it('seeds an image ad and a video ad whose media the server serves', async () => {
    const rows = await t.db.select().from(ads).orderBy(ads.type);
    expect(rows.map((ad) => [ad.type, ad.status])).toEqual([
      ['IMAGE', 'ACTIVE'],
      ['VIDEO', 'ACTIVE'],
    ]);
    for (const ad of rows) {
      expect(ad.mediaUrl).toMatch(/^\/media\/[0-9a-f]{64}\.(jpg|webm)$/);
      const response = await t.app.inject({ method: 'GET', url: ad.mediaUrl });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.length).toBeGreaterThan(10_000);
    }
  });

  it('serves a range of a video for seeking', async () => {
    const [video] = await t.db.select().from(ads).where(sql`${ads.type} = 'VIDEO'`);
    const response = await t.app.inject({ method: 'GET', url: video!.mediaUrl, headers: { range: 'bytes=0-99' } });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.length).toBe(100);
    expect(response.headers['content-type']).toBe('video/webm');
  });

  it('seeds demo staff of the four other roles, each mapped and signing in to their own slice', async () => {
    expect(seed?.staff?.password.length).toBeGreaterThanOrEqual(12);
    for (const [role, person] of Object.entries(DEMO_STAFF)) {
      const token = await loginAs(t.app, { email: person.email, password: seed!.staff!.password });
      const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(token) });
      expect(verify.json().data.user).toMatchObject({ role, name: person.name, must_change_password: false });
      const adList = await t.app.inject({ method: 'GET', url: '/api/ads', headers: bearer(token) });
      expect(adList.statusCode, role).toBe(200);
      expect(
        adList
          .json()
          .data.map((ad: { title: string }) => ad.title)
          .sort(),
        role,
      ).toEqual(['Cold Brew Season', 'Morning Rush Combo']);
    }
  });

  it('does nothing on a database that has data', async () => {
    expect(await seedOnFirstStart(t.db, { adminEmail: 'x@example.com', seedDemo: true, mediaDir: t.mediaDir })).toBe(
      null,
    );
  });

  it('falls back to the web app for client routes, never for API or media paths', async () => {
    for (const url of ['/', '/login', '/dashboard/ads', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/missing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });
});
