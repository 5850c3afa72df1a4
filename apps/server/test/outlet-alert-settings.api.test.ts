import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outlets } from '../src/db/schema.ts';
import { createCompany, createOutlet } from './helpers/factories.ts';
import { PUBLIC_ADDRESS, resolverOf } from './helpers/resolve-host.ts';
import { bearer, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const SECRET = 'outlet-webhook-secret-0123456789';

/** The tests run without internet: these names resolve here, any other through the system. */
const resolveHost = resolverOf({
  'hooks.example.com': [PUBLIC_ADDRESS],
  'inside.example.com': [PUBLIC_ADDRESS, '10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
});

describe.each(databaseKinds)("an outlet's alert settings on %s (decision 060)", (kind) => {
  // A receiver on this machine is allowed here, as WEBHOOK_ALLOW_PRIVATE_TARGETS=true does (decision 075).
  const t = useTestApp(kind, { webhookTargets: { allowPrivate: true, resolveHost } });
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

describe.each(databaseKinds)('webhook targets inside the network on %s (decision 075)', (kind) => {
  const t = useTestApp(kind, { webhookTargets: { allowPrivate: false, resolveHost } });
  let admin: string;
  let outletId: string;

  beforeAll(async () => {
    admin = await signInAs(t);
    outletId = (await createOutlet(t.db, { name: 'Guarded Cafe' })).id;
  });

  const patch = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/outlets/${outletId}`, headers: bearer(admin), payload });
  const stored = async () => (await t.db.select().from(outlets).where(eq(outlets.id, outletId)))[0]!;

  it.each([
    ['https://169.254.169.254/latest/meta-data/', 'is a cloud metadata address (169.254.169.254)'],
    ['https://10.0.0.5/', 'is a private network address (10.0.0.5)'],
    ['http://localhost:6379/', 'Webhook address localhost resolves to a loopback address'],
    ['http://0x7f000001:8399/', 'is a loopback address (127.0.0.1)'],
    ['http://2130706433/', 'is a loopback address (127.0.0.1)'],
    ['http://0177.0.0.1/', 'is a loopback address (127.0.0.1)'],
    ['http://127.1:8399/', 'is a loopback address (127.0.0.1)'],
    ['http://[::1]:8399/', 'is a loopback address (::1)'],
    ['https://[::ffff:127.0.0.1]/', 'is a loopback address (::ffff:7f00:1)'],
    ['https://[::ffff:a9fe:a9fe]/', 'is a cloud metadata address (::ffff:a9fe:a9fe)'],
    ['https://172.16.4.2/', 'is a private network address (172.16.4.2)'],
    ['https://192.168.1.10/', 'is a private network address (192.168.1.10)'],
    ['https://[fd00::1]/', 'is a private network address (fd00::1)'],
    ['https://169.254.10.1/', 'is a link-local address (169.254.10.1)'],
    ['https://[fe80::1]/', 'is a link-local address (fe80::1)'],
    ['https://0.0.0.0/', 'is an unspecified address (0.0.0.0)'],
    ['https://[::]/', 'is an unspecified address (::)'],
    ['https://100.64.0.1/', 'is a shared (carrier-grade NAT) address (100.64.0.1)'],
    ['https://224.0.0.1/', 'is a multicast address (224.0.0.1)'],
    ['https://240.0.0.1/', 'is a reserved address (240.0.0.1)'],
    [
      'https://inside.example.com/hook',
      'Webhook address inside.example.com resolves to a private network address (10.0.0.5)',
    ],
    ['https://metadata.example.com/', 'Webhook address metadata.example.com resolves to a cloud metadata address'],
    ['https://nowhere.invalid/hook', 'Webhook address nowhere.invalid does not resolve to any address'],
  ])('refuses %s with a 400 on the webhook field that names why', async (url, why) => {
    const refused = await patch({ alert_webhook_url: url, alert_webhook_secret: SECRET });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain(why);
    expect(refused.json().details).toEqual([{ path: 'alert_webhook_url', message: refused.json().message }]);
    expect((await stored()).alertWebhookUrl).toBeNull();
  });

  it('says how the server allows private targets, and never allows a metadata address', async () => {
    const privateOne = (await patch({ alert_webhook_url: 'https://10.0.0.5/', alert_webhook_secret: SECRET })).json();
    expect(privateOne.message).toContain('WEBHOOK_ALLOW_PRIVATE_TARGETS=true');
    const metadata = (
      await patch({ alert_webhook_url: 'https://169.254.169.254/', alert_webhook_secret: SECRET })
    ).json();
    expect(metadata.message).toContain('alerts are never posted there');
  });

  it('accepts a name that resolves to public addresses only', async () => {
    const set = await patch({ alert_webhook_url: 'https://hooks.example.com/adloop', alert_webhook_secret: SECRET });
    expect(set.statusCode, set.body).toBe(200);
    expect((await stored()).alertWebhookUrl).toBe('https://hooks.example.com/adloop');
    // Other edits leave the saved webhook as it is, without resolving it again.
    expect((await patch({ name: 'Guarded Cafe 2' })).statusCode).toBe(200);
  });

  it('refuses an outlet onboarded with a webhook inside the network', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/outlets',
      headers: bearer(admin),
      payload: {
        name: 'Inside Gym',
        address: '',
        outlet_code: 'INSIDE-GYM-1',
        alert_webhook_url: 'http://localhost:6379/',
        alert_webhook_secret: SECRET,
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().details[0].path).toBe('alert_webhook_url');
    expect(created.json().message).toContain('loopback address');
  });
});
