import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SIGN_IN_POLICIES } from '../src/modules/auth/auth.service.ts';
import { SCREEN_SIGN_IN_POLICIES } from '../src/modules/screens/screen-auth.service.ts';
import { createOutlet, createScreen, createUser } from './helpers/factories.ts';
import { bearer, loginAs, signedIn, signInAs } from './helpers/sign-in.ts';
import { createSharedApps, databaseKinds, type SharedApps, type TestApp, useTestApp } from './helpers/test-app.ts';

const PER_NETWORK = SCREEN_SIGN_IN_POLICIES.network.free;
const PER_CODE = SCREEN_SIGN_IN_POLICIES.subject.free;
const PER_ACCOUNT = STAFF_SIGN_IN_POLICIES.network.free;
const PER_ACCOUNT_ALL_NETWORKS = STAFF_SIGN_IN_POLICIES.subject.free;

const screenSignIn = (app: FastifyInstance, code: string, passcode: string, remoteAddress: string, xff?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/screen-auth/authenticate',
    payload: { screen_code: code, pass_code: passcode },
    remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });

const staffSignIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe.each(databaseKinds)('sign-in lockouts (decision 040) on %s', (kind) => {
  const t = useTestApp(kind);
  let outletId: string;
  beforeAll(async () => {
    outletId = (await createOutlet(t.db)).id;
  });

  it('slows the guessing network, not the screen: the right passcode from another network still signs in', async () => {
    const screen = await createScreen(t.db, outletId, { passcode: '246810' });
    for (let attempt = 0; attempt < PER_NETWORK; attempt += 1) {
      expect((await screenSignIn(t.app, screen.screenCode, '000000', '203.0.113.10')).statusCode).toBe(401);
    }
    const slowed = await screenSignIn(t.app, screen.screenCode, '246810', '203.0.113.10');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(slowed.json().message).toMatch(/Try again in \d+ minute/);
    // X-Forwarded-For is not trusted (trustProxy off): a spoofed header does not make a new network.
    const spoofed = await screenSignIn(t.app, screen.screenCode, '246810', '203.0.113.10', '198.18.0.1');
    expect(spoofed.statusCode).toBe(429);
    expect((await screenSignIn(t.app, screen.screenCode, '246810', '203.0.113.11')).statusCode).toBe(200);
  });

  it('many networks slow new networks down, but the screen keeps playing and its own network signs in again', async () => {
    const screen = await createScreen(t.db, outletId, { passcode: '135790' });
    const device = await screenSignIn(t.app, screen.screenCode, '135790', '192.0.2.50');
    expect(device.statusCode).toBe(200);
    const token = device.json().data.access_token;

    for (let attempt = 0; attempt < PER_CODE; attempt += 1) {
      const guess = await screenSignIn(t.app, screen.screenCode, '000000', `198.51.100.${attempt + 1}`);
      expect(guess.statusCode).toBe(401);
    }
    const fromNewNetwork = await screenSignIn(t.app, screen.screenCode, '135790', '198.51.100.200');
    expect(fromNewNetwork.statusCode).toBe(429);
    expect(fromNewNetwork.json().message).toContain('Too many wrong passcodes for this screen code.');

    // A signed-in screen renews and plays on; its own network signs in again (a reboot).
    const verify = await t.app.inject({ method: 'POST', url: '/api/screen-auth/verify', headers: bearer(token) });
    expect(verify.statusCode).toBe(200);
    const ads = await t.app.inject({ method: 'GET', url: '/api/screen-auth/ads', headers: bearer(token) });
    expect(ads.statusCode).toBe(200);
    expect((await screenSignIn(t.app, screen.screenCode, '135790', '192.0.2.50')).statusCode).toBe(200);

    // The outlet admin sees the attack on the screen's record and list.
    const admin = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outletId] });
    const record = (
      await t.app.inject({ method: 'GET', url: `/api/ad-screens/${screen.id}`, headers: bearer(admin.token) })
    ).json().data;
    expect(record.locked).toBe(true);
    expect(record.sign_in_alert).toMatchObject({ failed_attempts: PER_CODE, networks: PER_CODE });
    expect(new Date(record.sign_in_alert.slowed_until).getTime()).toBeGreaterThan(Date.now());
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/ad-screens?pageSize=100', headers: bearer(admin.token) })
    ).json().data;
    expect(listed.find((row: { id: string }) => row.id === screen.id).sign_in_alert).not.toBeNull();

    // A passcode reset clears the alert and the slowdown.
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/ad-screens/${screen.id}/reset-passcode`,
      headers: bearer(admin.token),
    });
    expect(reset.json().data.screen).toMatchObject({ locked: false, sign_in_alert: null });
  });

  it('40 concurrent wrong passcodes from one network: only the limit is checked, the rest are 429', async () => {
    const screen = await createScreen(t.db, outletId, { passcode: '975310' });
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async () => (await screenSignIn(t.app, screen.screenCode, '111111', '203.0.113.40')).statusCode,
      ),
    );
    expect(tally(statuses)).toEqual({ 401: PER_NETWORK, 429: 40 - PER_NETWORK });
  });

  it('staff: failures from one network slow that network, not the owner elsewhere', async () => {
    const owner = await createUser(t.db, { role: 'COMPANY_ADMIN' });
    for (let attempt = 0; attempt < PER_ACCOUNT; attempt += 1) {
      expect((await staffSignIn(t.app, owner.email, 'wrong-guess', '203.0.113.60')).statusCode).toBe(401);
    }
    const slowed = await staffSignIn(t.app, owner.email, owner.password, '203.0.113.60');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect((await staffSignIn(t.app, owner.email, owner.password, '192.0.2.60')).statusCode).toBe(200);
  });

  it('staff: guessing from many networks slows new networks; the owner signs in from a known one', async () => {
    const owner = await createUser(t.db, { role: 'COMPANY_ADMIN' });
    await loginAs(t.app, owner);
    for (let attempt = 0; attempt < PER_ACCOUNT_ALL_NETWORKS; attempt += 1) {
      expect((await staffSignIn(t.app, owner.email, 'wrong-guess', `198.51.100.${attempt + 100}`)).statusCode).toBe(
        401,
      );
    }
    const newNetwork = await staffSignIn(t.app, owner.email, owner.password, '198.51.100.250');
    const unknownEmail = await staffSignIn(t.app, 'nobody-here@example.com', 'wrong-guess', '198.51.100.250');
    expect(newNetwork.statusCode).toBe(429);
    expect(newNetwork.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(unknownEmail.statusCode).toBe(401);
    expect((await staffSignIn(t.app, owner.email, owner.password, '127.0.0.1')).statusCode).toBe(200);

    const admin = await signInAs(t);
    const record = (await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}`, headers: bearer(admin) })).json()
      .data;
    expect(record.sign_in_alert).toMatchObject({
      failed_attempts: PER_ACCOUNT_ALL_NETWORKS,
      networks: PER_ACCOUNT_ALL_NETWORKS,
    });
  });

  it('staff: 40 concurrent wrong passwords from one network: only the limit is checked', async () => {
    const owner = await createUser(t.db);
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async () => (await staffSignIn(t.app, owner.email, 'wrong-guess', '203.0.113.80')).statusCode,
      ),
    );
    expect(tally(statuses)).toEqual({ 401: PER_ACCOUNT, 429: 40 - PER_ACCOUNT });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('sign-in throttles across two app instances on one PostgreSQL', () => {
  let shared: SharedApps;
  beforeAll(async () => {
    shared = await createSharedApps(2);
  });
  afterAll(() => shared?.close());

  it('counts one network across both instances, for a code and across codes', async () => {
    const [a, b] = shared.apps as [FastifyInstance, FastifyInstance];
    const db = (a as FastifyInstance & { db: TestApp['db'] }).db;
    const screen = await createScreen(db, (await createOutlet(db)).id, { passcode: '864209' });
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        async (_, i) => (await screenSignIn(i % 2 ? a : b, screen.screenCode, '000000', '203.0.113.90')).statusCode,
      ),
    );
    expect(tally(statuses)).toEqual({ 401: PER_NETWORK, 429: 30 - PER_NETWORK });

    const spread = SCREEN_SIGN_IN_POLICIES.everySubject?.free ?? 0;
    for (let i = 0; i < spread; i += 1) {
      expect((await screenSignIn(i % 2 ? a : b, `NOPE-${i}`, '000000', '203.0.113.91')).statusCode).toBe(401);
    }
    expect((await screenSignIn(a, 'NOPE-LAST', '000000', '203.0.113.91')).statusCode).toBe(429);
    expect((await screenSignIn(b, 'NOPE-LAST', '000000', '203.0.113.91')).statusCode).toBe(429);
  });
});
