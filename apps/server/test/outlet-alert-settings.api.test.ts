import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outlets } from '../src/db/schema.ts';
import { createCompany, createOutlet } from './helpers/factories.ts';
import { bearer, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const SECRET = 'outlet-webhook-secret-0123456789';

describe.each(databaseKinds)("an outlet's alert settings on %s (decision 060)", (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let outletAdmin: string;
  let outletEmployee: string;
  let companyAdmin: string;
  let outletId: string;

  beforeAll(async () => {
    admin = await signInAs(t);
    outletId = (await createOutlet(t.db, { name: 'Alerting Cafe' })).id;
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outletId] });
    outletEmployee = await signInAs(t, 'OUTLET_EMPLOYEE', { outletIds: [outletId] });
    const company = await createCompany(t.db);
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
  });

  const patch = (token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/outlets/${outletId}`, headers: bearer(token), payload });
  const read = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/outlets/${outletId}`, headers: bearer(token) })).json().data;
  const stored = async () => (await t.db.select().from(outlets).where(eq(outlets.id, outletId)))[0]!;

  it('a global admin sets the webhook; the secret is stored but never answered', async () => {
    const set = await patch(admin, {
      alert_webhook_url: 'https://hooks.example.com/adloop',
      alert_webhook_secret: SECRET,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      alert_webhook_url: 'https://hooks.example.com/adloop',
      has_alert_webhook_secret: true,
    });
    expect(set.body).not.toContain(SECRET);
    expect(JSON.stringify(await read(admin))).not.toContain(SECRET);
    const list = await t.app.inject({ method: 'GET', url: '/api/outlets', headers: bearer(admin) });
    expect(list.body).not.toContain(SECRET);
    expect((await stored()).alertWebhookSecret).toBe(SECRET);
  });

  it('others see neither the URL nor whether a secret is set', async () => {
    for (const token of [outletAdmin, outletEmployee, companyAdmin]) {
      const outlet = await read(token);
      expect(outlet.alert_webhook_url).toBeNull();
      expect(outlet.has_alert_webhook_secret).toBeNull();
    }
  });

  it('only a global admin changes the webhook: others get a 403 naming the field', async () => {
    for (const payload of [
      { alert_webhook_url: 'https://evil.example.com/' },
      { alert_webhook_secret: 'another-secret-long-enough' },
      { alert_webhook_url: null },
    ]) {
      const refused = await patch(outletAdmin, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(refused.json().message).toContain(Object.keys(payload)[0]);
    }
    expect((await patch(outletEmployee, { alert_webhook_url: 'https://evil.example.com/' })).statusCode).toBe(403);
    expect((await patch(companyAdmin, { alert_webhook_url: 'https://evil.example.com/' })).statusCode).toBe(403);
    expect((await stored()).alertWebhookUrl).toBe('https://hooks.example.com/adloop');
  });

  it('an outlet admin still sets the offline threshold; empty (null) goes back to the default', async () => {
    const set = await patch(outletAdmin, { offline_alert_minutes: 20 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.offline_alert_minutes).toBe(20);
    const cleared = await patch(outletAdmin, { offline_alert_minutes: null });
    expect(cleared.json().data.offline_alert_minutes).toBeNull();
    for (const bad of [0, 1441, 1.5, '10']) {
      const refused = await patch(outletAdmin, { offline_alert_minutes: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().details[0].path).toContain('offline_alert_minutes');
    }
  });

  it('refuses a URL that is not https (http only to localhost) with a 400 naming it', async () => {
    for (const url of [
      'http://hooks.example.com/adloop',
      'ftp://hooks.example.com/',
      'javascript:alert(1)',
      'hooks.example.com/adloop',
      '',
      `https://example.com/${'a'.repeat(2000)}`,
      42,
    ]) {
      const refused = await patch(admin, { alert_webhook_url: url });
      expect(refused.statusCode, String(url)).toBe(400);
      expect(refused.json().details[0].path, String(url)).toContain('alert_webhook_url');
    }
    for (const url of ['http://localhost:9999/hook', 'http://127.0.0.1:9999/hook']) {
      const allowed = await patch(admin, { alert_webhook_url: url });
      expect(allowed.statusCode, url).toBe(200);
      expect(allowed.json().data.alert_webhook_url).toBe(url);
    }
  });

  it('refuses a short or oversized secret, and a URL without any secret to sign with', async () => {
    for (const secret of ['short', 'x'.repeat(201), 1234567890123456]) {
      const refused = await patch(admin, { alert_webhook_secret: secret });
      expect(refused.statusCode, String(secret)).toBe(400);
      expect(refused.json().details[0].path).toContain('alert_webhook_secret');
    }
    // Turning the URL off forgets the secret; a new URL then needs a new secret.
    const off = await patch(admin, { alert_webhook_url: null });
    expect(off.json().data).toMatchObject({ alert_webhook_url: null, has_alert_webhook_secret: false });
    expect((await stored()).alertWebhookSecret).toBeNull();
    const noSecret = await patch(admin, { alert_webhook_url: 'https://hooks.example.com/again' });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().details[0].path).toBe('alert_webhook_secret');
    expect((await stored()).alertWebhookUrl).toBeNull();
    const withSecret = await patch(admin, {
      alert_webhook_url: 'https://hooks.example.com/again',
      alert_webhook_secret: SECRET,
    });
    expect(withSecret.statusCode).toBe(200);
    // A secret is replaced without being read back.
    const replaced = await patch(admin, { alert_webhook_secret: `${SECRET}-rotated` });
    expect(replaced.json().data.has_alert_webhook_secret).toBe(true);
    expect((await stored()).alertWebhookSecret).toBe(`${SECRET}-rotated`);
    // A secret may not be removed while the URL stays: the webhook would go unsigned.
    const unsigned = await patch(admin, { alert_webhook_secret: null });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().details[0].path).toBe('alert_webhook_secret');
  });

  it('a global admin onboards an outlet with its webhook; without a secret it is refused', async () => {
    const base = { name: 'Hooked Gym', address: '' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/outlets',
      headers: bearer(admin),
      payload: { ...base, outlet_code: 'HOOK-GYM-1', alert_webhook_url: 'https://hooks.example.com/gym' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('alert_webhook_secret');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/outlets',
      headers: bearer(admin),
      payload: {
        ...base,
        outlet_code: 'HOOK-GYM-2',
        offline_alert_minutes: 10,
        alert_webhook_url: 'https://hooks.example.com/gym',
        alert_webhook_secret: SECRET,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      offline_alert_minutes: 10,
      alert_webhook_url: 'https://hooks.example.com/gym',
      has_alert_webhook_secret: true,
    });
    expect(created.body).not.toContain(SECRET);
  });
});
